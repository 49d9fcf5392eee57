/** The client's identity on every data-layer payload (spec §3: "The client adds cot_client_version and emitter"). */
import { asRecord, removeEmpty, toText } from './clean';
import type { DataLayerPayload } from './values';

/** The library's version (spec §1). */
export const LIBRARY_VERSION = '5.3.1';
/** The client's version (spec §1). */
export const CLIENT_VERSION = '5.3.0';

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
