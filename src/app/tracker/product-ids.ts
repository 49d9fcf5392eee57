/**
 * Old-to-new product-id conversion of pushed events (install option `newProductIds`), over the
 * HttpClient port. Which ids convert, the requests, batches of 24 and every answer rule are the
 * domain's (`product-id-lookup.ts`); this file sends (each old id once while its new id is known)
 * and puts the ids back into the event.
 *
 * Converted fields: e-commerce `ecommerce.items[].item_id` and `product_id` (the item's own ids),
 * item-list `items`, product-source `webshop_product_id`. The source product ids name the tile the
 * page showed, as the product history does: they stay as pushed.
 */
import type { HttpClient, HttpRequest } from '../../ports/http-client';
import type { TrackedKind } from '../../domain/tracking/deliveries';
import { LogLevel, type LogSink } from '../../domain/tracking/log-buffer';
import * as Warnings from '../../domain/tracking/warnings';
import { causeText } from './log';
import { asArray, asRecord, isRecord, toText } from '../../domain/tracking/mapping/clean';
import { listedEntries } from '../../domain/tracking/mapping/listed-items';
import {
  batchLookupRequests,
  convertBatch,
  convertSingle,
  singleLookupRequest,
  type LookupAnswer,
  type LookupContext,
} from '../../domain/tracking/product-id-lookup';
import { isConvertibleProductId, normalizeProductId } from '../../domain/tracking/product-ids';
import { allSettled } from '../../domain/tracking/then-only';

export interface ProductIdDeps {
  readonly http: HttpClient;
  readonly log: LogSink;
  readonly site: string;
  readonly baseUrl: string;
}

export interface ProductIdConverter {
  /** The id after a single lookup (no call for an id that is not nine digits). Rejects on a network failure. */
  single(id: unknown): Promise<unknown>;
  /** The ids after the batch lookups. Rejects on a network failure. */
  batch(ids: readonly unknown[]): Promise<unknown[]>;
  /**
   * Whether the event holds an id to look up (`convertEvent` calls the service), or an id given as a
   * number, which becomes a text (spec §5), without a call.
   */
  converts(kind: TrackedKind, data: unknown): boolean;
  /** The event with its product ids converted, or `undefined` when it holds none to convert. */
  convertEvent(kind: TrackedKind, data: unknown): Promise<unknown> | undefined;
  /** The event with its ids as pushed, those given as numbers written as texts (spec §5): the lookup got no answer. */
  idsAsTexts(kind: TrackedKind, data: unknown): Promise<unknown>;
}

/** How an event's ids are looked up: by the service, or not at all (each id as its text). */
interface IdLookup {
  readonly single: (id: unknown) => Promise<unknown>;
  readonly batch: (ids: readonly unknown[]) => Promise<unknown[]>;
}
const AS_TEXTS: IdLookup = {
  single: async (id) => normalizeProductId(id),
  batch: async (ids) => ids.map((id) => normalizeProductId(id)),
};

/** How many converted ids a page keeps (a shop page names some hundred products at most). */
const KNOWN_IDS_KEPT = 2000;

/** A converter over the HttpClient port. */
export function createProductIdConverter(deps: ProductIdDeps): ProductIdConverter {
  // The deps' site and base URL are the lookup's context (no marker: the default).
  const context: LookupContext = deps;
  const ask = async (request: HttpRequest): Promise<LookupAnswer> => {
    const response = await deps.http.send(request);
    if (!response.ok) return { ok: false, status: response.status };
    try {
      return { ok: true, status: response.status, body: await response.json() };
    } catch (error) {
      // A connection lost (or given up) while the body is read is no answer: the caller names it.
      if (!(error instanceof SyntaxError)) throw error;
      // An answer that is not JSON (a proxy's HTML page) maps nothing: named here, not as "no mappings".
      deps.log(LogLevel.warn, Warnings.answerNotJson(request.url, causeText(error)));
      return { ok: true, status: response.status, unreadable: true };
    }
  };
  // The new ids this page was given, and the lookups under way, by old id: a product named by several
  // pushes (its list tile, its view, its add to cart) is asked for once. An id the service did not
  // map, or whose lookup failed (a status, no answer), is asked for again by the next push naming it.
  const known = new Map<string, Promise<unknown>>();
  const remember = (old: string, converted: Promise<unknown>): Promise<unknown> => {
    if (known.size >= KNOWN_IDS_KEPT) known.clear();
    known.set(old, converted);
    const forget = () => known.get(old) === converted && known.delete(old);
    converted.then((id) => id === old && forget(), forget);
    return converted;
  };

  const single = (id: unknown): Promise<unknown> => {
    const old = normalizeProductId(id);
    const request = singleLookupRequest(old, context);
    if (request === null) return Promise.resolve(old);
    return known.get(old as string) ?? remember(old as string, ask(request).then((answer) => convertSingle(old, answer, deps.log)));
  };
  const batch = (ids: readonly unknown[]): Promise<unknown[]> => {
    const olds = ids.map((id) => normalizeProductId(id));
    const waits = new Map<string, Promise<unknown>>();
    const asked = [...new Set(olds.filter(isConvertibleProductId))].filter((old) => {
      const kept = known.get(old);
      if (kept) waits.set(old, kept);
      return !kept;
    });
    if (asked.length > 0) {
      const converted = lookUpBatch(asked);
      asked.forEach((old, at) => waits.set(old, remember(old, converted.then((news) => news[at]))));
    }
    return Promise.all(olds.map((old) => (typeof old === 'string' && waits.get(old)) || old));
  };
  const lookUpBatch = async (ids: readonly string[]): Promise<unknown[]> => {
    const requests = batchLookupRequests(ids, context);
    const settled = await allSettled(requests.map(ask));
    // Every batch failed: the caller logs it and sends the ids as pushed. Some failed: the answered ones still convert.
    const failed = settled.filter((result) => result.status === 'rejected');
    if (failed.length > 0 && failed.length === settled.length) throw failed[0]?.reason;
    for (const { reason } of failed) deps.log(LogLevel.error, Warnings.noAnswer('Product id lookup', causeText(reason)), reason);
    const answers = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    return convertBatch(ids, answers, requests.length === 0 ? () => undefined : deps.log);
  };
  const lookup: IdLookup = { single, batch };
  const isNumber = (id: unknown): boolean => typeof id === 'number';
  const hasConvertible = (ids: readonly unknown[]) => ids.some(isNumber) || batchLookupRequests(ids, context).length > 0;

  const converts = (kind: TrackedKind, data: unknown): boolean => {
    const record = asRecord(data);
    if (kind === 'EcommerceEventData') return hasConvertible(asArray(asRecord(record.ecommerce).items).flatMap(idsOfItem));
    if (kind === 'ItemListData') return hasConvertible(listedEntries(record.items).map(idOfEntry));
    const id = record.webshop_product_id;
    return kind === 'ProductSourceEventData' && (isNumber(id) || singleLookupRequest(id, context) !== null);
  };

  const idOfEntry = (entry: unknown): unknown => (isRecord(entry) ? entry.item_id : entry);
  // An item names its product by item_id, else by product_id, as every destination reads it (`productIdOf`).
  const idKeyOf = (item: Record<string, unknown>): 'item_id' | 'product_id' =>
    toText(item.item_id) === undefined && toText(item.product_id) !== undefined ? 'product_id' : 'item_id';
  // Its product_id beside an item_id is converted too: a destination must not get the new id and the old one for one product.
  const idKeysOf = (item: Record<string, unknown>): ('item_id' | 'product_id')[] => {
    const key = idKeyOf(item);
    return key === 'item_id' && item.product_id != null ? [key, 'product_id'] : [key];
  };
  const idsOfItem = (item: unknown): unknown[] => {
    const record = asRecord(item);
    return idKeysOf(record).map((key) => record[key]);
  };
  const withId = (entry: unknown, id: unknown): unknown => (isRecord(entry) ? { ...entry, item_id: id } : id);

  const convertEvent = (kind: TrackedKind, data: unknown, { batch, single }: IdLookup = lookup): Promise<unknown> | undefined => {
    if (!converts(kind, data)) return undefined;
    const record = asRecord(data);
    if (kind === 'EcommerceEventData') {
      const ecommerce = asRecord(record.ecommerce);
      const items = asArray(ecommerce.items);
      return batch(items.flatMap(idsOfItem)).then((converted) => {
        let at = 0;
        const withIds = (item: unknown): unknown => {
          const keys = idKeysOf(asRecord(item));
          const ids = converted.slice(at, (at += keys.length));
          return isRecord(item) ? { ...item, ...Object.fromEntries(keys.map((key, i) => [key, ids[i]])) } : item;
        };
        return { ...record, ecommerce: { ...ecommerce, items: items.map(withIds) } };
      });
    }
    if (kind === 'ItemListData') {
      // A text of ids or one entry alone becomes the list of its entries, each with its id converted.
      const entries = listedEntries(record.items);
      return batch(entries.map(idOfEntry)).then((ids) => ({ ...record, items: entries.map((entry, i) => withId(entry, ids[i])) }));
    }
    return single(record.webshop_product_id).then((id) => ({ ...record, webshop_product_id: id }));
  };

  const idsAsTexts = (kind: TrackedKind, data: unknown): Promise<unknown> => convertEvent(kind, data, AS_TEXTS) ?? Promise.resolve(data);

  return { single, batch, converts, convertEvent: (kind, data) => convertEvent(kind, data), idsAsTexts };
}
