/**
 * The product-data service's id lookups (spec §7 calls 3 and 4), without I/O: the requests to send,
 * and what the answers mean. The HTTP adapter sends the requests and hands the answers back here.
 */
import { LogLevel, type LogSink } from './log-buffer';
import * as Warnings from './warnings';
import { asArray, asRecord, toText } from './mapping/clean';
import { trackingSite } from './sites';
import {
  applyMappings,
  isConvertibleProductId,
  normalizeProductId,
  toBatches,
  type ProductIdMapping,
} from './product-ids';

export const NEW_PRODUCT_ID_PATH = '/service/productdata/api/new-product-id';
export const NEW_PRODUCT_IDS_PATH = '/service/productdata/api/new-product-ids';

/** Header names of the lookups: accept, site and marker (spec §7). */
export const LookupHeader = { accept: 'Accept', site: 'x-site', marker: 'x-cot-marker' } as const;
export const DEFAULT_MARKER = 'collect-on-track';

/**
 * A lookup request; structurally an `HttpRequest` of the HttpClient port, declared here because the
 * import rule (dependency-cruiser) also counts type-only imports from the ports.
 */
export interface LookupRequest {
  method: 'GET';
  url: string;
  headers: Record<string, string>;
}

export interface LookupContext {
  /** Site key or code ('de', 'CH_FR'); sent upper case in the site header, unknown ones as 'DE'. */
  site: unknown;
  /** Marker header value. Default: 'collect-on-track'. */
  marker?: string;
  /** Prefix of the paths, e.g. the shop's origin. Default: '' (same origin). */
  baseUrl?: string;
}

const get = (context: LookupContext, path: string): LookupRequest => {
  const { site, marker, baseUrl } = asRecord(context);
  return {
    method: 'GET',
    url: `${toText(baseUrl) ?? ''}${path}`,
    headers: {
      [LookupHeader.accept]: 'application/json',
      [LookupHeader.site]: trackingSite(toText(site)?.toLowerCase()).key.toUpperCase(),
      [LookupHeader.marker]: toText(marker) ?? DEFAULT_MARKER,
    },
  };
};

/** The single lookup for one id, or `null` (no call) when the id is not nine digits. */
export const singleLookupRequest = (id: unknown, context: LookupContext): LookupRequest | null => {
  const normalized = normalizeProductId(id);
  if (!isConvertibleProductId(normalized)) return null;
  return get(context, `${NEW_PRODUCT_ID_PATH}?old_product_id=${normalized}`);
};

/** The batch lookups for the convertible ids among `ids` (each once, in order), 24 per request. */
export const batchLookupRequests = (ids: readonly unknown[], context: LookupContext): LookupRequest[] => {
  const convertible = [...new Set(asArray(ids).map((id) => normalizeProductId(id)))].filter(isConvertibleProductId);
  return toBatches(convertible).map((batch) => get(context, `${NEW_PRODUCT_IDS_PATH}?old_product_ids=${batch.join(',')}`));
};

/** The new id in a single-lookup answer (`productId`), or `undefined`. */
export const parseSingleLookup = (body: unknown): string | undefined => {
  const id = normalizeProductId(asRecord(body).productId);
  return typeof id === 'string' && id.trim() !== '' ? id : undefined;
};

/** The usable `mappings` of a batch answer; none warns 'No mappings found in the response for requested IDs'. */
export const parseBatchLookup = (body: unknown, log: LogSink): ProductIdMapping[] => {
  const mappings: ProductIdMapping[] = [];
  for (const entry of asArray(asRecord(body).mappings)) {
    const oldProductId = normalizeProductId(asRecord(entry).oldProductId);
    const newProductId = normalizeProductId(asRecord(entry).newProductId);
    if (typeof oldProductId === 'string' && oldProductId !== '' && typeof newProductId === 'string' && newProductId !== '') {
      mappings.push({ oldProductId, newProductId });
    }
  }
  if (mappings.length === 0) log(LogLevel.warn, Warnings.noMappingsFound, { body });
  return mappings;
};

/** What the adapter hands back for one lookup: the status and the parsed JSON body. */
export interface LookupAnswer {
  ok: boolean;
  status: number;
  body?: unknown;
  /** An OK answer whose body is not JSON (a proxy's page): the adapter has logged it; it maps nothing. */
  unreadable?: boolean;
}

/** True for an OK answer; otherwise warns 'Product id lookup failed with status {status}' (the ids stay as they are). */
export const onLookupStatus = (answer: unknown, log: LogSink): boolean => {
  const { ok, status } = asRecord(answer);
  if (ok === true) return true;
  log(LogLevel.warn, Warnings.productIdLookupFailed(toText(status) ?? 'unknown'), { status });
  return false;
};

/**
 * The id after a single lookup: the answered new id, else the id itself (numbers as strings). An OK
 * answer without one warns, as the batch lookup's empty mappings do (one the adapter could not read has been logged).
 */
export const convertSingle = (id: unknown, answer: unknown, log: LogSink): unknown => {
  const original = normalizeProductId(id);
  if (!onLookupStatus(answer, log)) return original;
  const { body, unreadable } = asRecord(answer);
  const converted = parseSingleLookup(body);
  if (converted === undefined && unreadable !== true) log(LogLevel.warn, Warnings.noProductIdFound(toText(original) ?? ''), { body });
  return converted ?? original;
};

/** The ids after the batch lookups: mapped where an OK answer maps them, unchanged otherwise. */
export const convertBatch = (ids: readonly unknown[], answers: readonly unknown[], log: LogSink): unknown[] => {
  const mappings = asArray(answers).flatMap((answer) =>
    onLookupStatus(answer, log) && asRecord(answer).unreadable !== true ? parseBatchLookup(asRecord(answer).body, log) : [],
  );
  return applyMappings(ids, mappings);
};
