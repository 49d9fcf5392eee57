/** What the page itself tells a pageview (spec §2 and §4): derived by the runtime, handed to the mappers. */
import { asRecord, toText } from './clean';
import { put } from './copy-fields';
import type { DataLayerPayload } from './values';

/** Page context of a pageview; every field optional. */
export interface PageviewContext {
  /** Page path after the spec's rules ('/m' becomes '/', no '/m/' prefix, no last segment with '@'). */
  readonly page_path?: string;
  /** Referrer class: 'internal', 'external' or 'direct'. */
  readonly referrer_class?: string;
  /** Screen-size cluster of spec §9: XS, S, M, L, XL, XXL, 3XL, 4XL, 5XL. */
  readonly screen_breakpoint?: string;
  /** 'mobile' or 'no mobile'. */
  readonly device_type?: string;
  /** 'development', 'staging' or 'production'. */
  readonly environment?: string;
  /** Site key: de, at, ch, ch_fr, pl, cz, hu, sk, tr. */
  readonly site?: string;
}

const CONTEXT_FIELDS = ['page_path', 'referrer_class', 'screen_breakpoint', 'device_type', 'environment', 'site'];

/** Adds the page context fields that are non-empty texts to `out`; returns `out`. */
export function readPageviewContext(context: unknown, out: DataLayerPayload): DataLayerPayload {
  const fields = asRecord(context);
  for (const key of CONTEXT_FIELDS) put(out, key, toText(fields[key]));
  return out;
}
