/** The client's identity on every data-layer payload (spec §3: "The client adds cot_client_version and emitter"). */
import { asRecord, removeEmpty, toText } from './clean';
import { put } from './copy-fields';
import type { DataLayerPayload } from './values';

/** The library's version (spec §1). */
export const LIBRARY_VERSION = '5.3.1';
/** The client's version (spec §1). */
export const CLIENT_VERSION = '5.3.0';

/** An emitter or version as the data layer gets it: a text with a visible character (the tracker drops any other), or a finite number as its text; else none. */
export const identityText = (value: unknown): string | undefined =>
  typeof value === 'string' ? toText(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/** Who pushes the data: the client's version and its emitter name. */
export interface ClientIdentity {
  readonly version: string;
  readonly emitter: string;
}

/**
 * Adds `cot_client_version` and `emitter` of the client to a payload. The client's values win over
 * values the payload already carries; a payload value is kept only where the client has none.
 * Total: a non-object payload gives a payload holding only the client fields.
 */
export function withClientMeta(payload: unknown, client: ClientIdentity): DataLayerPayload {
  const fields = asRecord(payload);
  const identity = asRecord(client);
  return removeEmpty({
    ...fields,
    cot_client_version: toText(identity.version) ?? toText(fields.cot_client_version),
    emitter: toText(identity.emitter) ?? toText(fields.emitter),
  });
}

/**
 * Stamps a freshly built data-layer payload, in place, with the pushing client's `cot_client_version`
 * and `emitter` as the pushed data carries them (the client adds them to every push). Where the data
 * has none, the payload keeps its own. Returns the payload.
 */
export function stampClient(payload: DataLayerPayload, data: unknown): DataLayerPayload {
  const pushed = asRecord(data);
  put(payload, 'cot_client_version', toText(pushed.cot_client_version));
  return put(payload, 'emitter', toText(pushed.emitter));
}
