import type { DraftAttachment, FormDraft } from '../../ports/draft-store';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const tag = (value: unknown) => Object.prototype.toString.call(value);

// By tag, not instanceof: a structured clone may come from another realm (a worker, a test's IndexedDB).
const toBytes = (value: unknown): Uint8Array | undefined => {
  if (ArrayBuffer.isView(value) && tag(value) === '[object Uint8Array]') {
    return value instanceof Uint8Array ? value : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  if (tag(value) === '[object ArrayBuffer]') return new Uint8Array(value as ArrayBuffer);
  return undefined;
};

const toAttachment = (value: unknown): DraftAttachment | undefined => {
  if (!isRecord(value)) return undefined;
  const { name, type, lastModified, bytes } = value;
  const data = toBytes(bytes);
  if (typeof name !== 'string' || typeof type !== 'string' || data === undefined) return undefined;
  return { name, type, lastModified: typeof lastModified === 'number' ? lastModified : 0, bytes: data };
};

/**
 * A stored value read back as a draft: text and boolean values are kept, anything else is dropped, and
 * so is any attachment without a name, a type and its bytes. `undefined` when nothing usable is left.
 */
export function readDraft(stored: unknown): FormDraft | undefined {
  if (!isRecord(stored) || !isRecord(stored['values'])) return undefined;
  const values = Object.fromEntries(
    Object.entries(stored['values']).filter(
      (entry): entry is [string, string | boolean] => typeof entry[1] === 'string' || typeof entry[1] === 'boolean',
    ),
  );
  const list = Array.isArray(stored['attachments']) ? stored['attachments'] : [];
  const attachments = list.map(toAttachment).filter((file): file is DraftAttachment => file !== undefined);
  if (Object.keys(values).length === 0 && attachments.length === 0) return undefined;
  const { savedAt, asideAt } = stored;
  const missing = Array.isArray(stored['missingFiles']) ? stored['missingFiles'].filter((name): name is string => typeof name === 'string') : [];
  return {
    values,
    attachments,
    ...(typeof savedAt === 'number' && Number.isFinite(savedAt) ? { savedAt } : {}),
    ...(typeof asideAt === 'number' && Number.isFinite(asideAt) ? { asideAt } : {}),
    ...(missing.length > 0 ? { missingFiles: missing } : {}),
  };
}
