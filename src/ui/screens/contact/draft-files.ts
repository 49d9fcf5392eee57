import { attachmentProblem } from '../../../domain/support/contact-message';
import type { DraftAttachment, FormDraft } from '../../../ports/draft-store';
import { TEXT_FIELDS, type ContactFormValues } from './contact-values';

const kept = new WeakMap<File, Promise<DraftAttachment>>();

/** A file as the draft store keeps it: bytes, name, type (read once per file). */
export function toDraftAttachment(file: File): Promise<DraftAttachment> {
  let pending = kept.get(file);
  if (!pending) {
    pending = file.arrayBuffer().then((buffer) => ({
      name: file.name,
      type: file.type,
      lastModified: file.lastModified,
      bytes: new Uint8Array(buffer),
    }));
    kept.set(file, pending);
  }
  return pending;
}

/** The draft of the form's values, files included. */
export async function toDraft(values: ContactFormValues): Promise<FormDraft> {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]]));
  return {
    values: { ...texts, legalConsent: values.legalConsent },
    attachments: await Promise.all(values.attachments.map(toDraftAttachment)),
  };
}

/**
 * The form values a stored draft gives back: its texts and choice, and its files rebuilt from their
 * bytes, as far as the domain's attachment rules let them in (a draft never brings in more than the
 * form would accept).
 */
export function fromDraft(draft: FormDraft): Partial<ContactFormValues> {
  const values: Partial<ContactFormValues> = {};
  for (const field of TEXT_FIELDS) {
    const value = draft.values[field];
    if (typeof value === 'string') values[field] = value;
  }
  if (typeof draft.values['legalConsent'] === 'boolean') values.legalConsent = draft.values['legalConsent'];
  const files: File[] = [];
  for (const stored of draft.attachments) {
    const file = new File([stored.bytes as Uint8Array<ArrayBuffer>], stored.name, {
      type: stored.type,
      lastModified: stored.lastModified,
    });
    if (attachmentProblem([...files, file]) === undefined) files.push(file);
  }
  if (files.length > 0) values.attachments = files;
  return values;
}
