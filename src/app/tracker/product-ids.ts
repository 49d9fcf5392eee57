/**
 * Old-to-new product-id conversion of pushed events (install option `newProductIds`), over the
 * HttpClient port. Which ids convert, the requests, batches of 24 and every answer rule are the
 * domain's (`product-id-lookup.ts`); this file only sends and puts the ids back into the event.
 *
 * Converted fields: e-commerce `ecommerce.items[].item_id`, item-list `items`, product-source
 * `webshop_product_id`.
 */
import type { HttpClient, HttpRequest } from '../../ports/http-client';
import type { TrackedKind } from '../../domain/tracking/deliveries';
import type { LogSink } from '../../domain/tracking/log-buffer';
import { asArray, asRecord } from '../../domain/tracking/mapping/clean';
import {
  batchLookupRequests,
  convertBatch,
  convertSingle,
  singleLookupRequest,
  type LookupAnswer,
  type LookupContext,
} from '../../domain/tracking/product-id-lookup';
import { normalizeProductId } from '../../domain/tracking/product-ids';

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
  /** The event with its product ids converted, or `undefined` when it holds no convertible id (no call). */
  convertEvent(kind: TrackedKind, data: unknown): Promise<unknown> | undefined;
}

/** A converter over the HttpClient port. */
export function createProductIdConverter(deps: ProductIdDeps): ProductIdConverter {
  // The deps' site and base URL are the lookup's context (no marker: the default).
  const context: LookupContext = deps;
  const ask = async (request: HttpRequest): Promise<LookupAnswer> => {
    const response = await deps.http.send(request);
    return { ok: response.ok, status: response.status, body: response.ok ? await response.json() : undefined };
  };
  const single = async (id: unknown): Promise<unknown> => {
    const request = singleLookupRequest(id, context);
    return request === null ? normalizeProductId(id) : convertSingle(id, await ask(request), deps.log);
  };
  const batch = async (ids: readonly unknown[]): Promise<unknown[]> => {
    const requests = batchLookupRequests(ids, context);
    return convertBatch(ids, await Promise.all(requests.map(ask)), requests.length === 0 ? () => undefined : deps.log);
  };
  const hasConvertible = (ids: readonly unknown[]) => batchLookupRequests(ids, context).length > 0;

  const convertEvent = (kind: TrackedKind, data: unknown): Promise<unknown> | undefined => {
    const record = asRecord(data);
    if (kind === 'EcommerceEventData') {
      const ecommerce = asRecord(record.ecommerce);
      const items = asArray(ecommerce.items);
      const ids = items.map((item) => asRecord(item).item_id);
      if (!hasConvertible(ids)) return undefined;
      return batch(ids).then((converted) => ({
        ...record,
        ecommerce: {
          ...ecommerce,
          items: items.map((item, i) => (item !== null && typeof item === 'object' ? { ...item, item_id: converted[i] } : item)),
        },
      }));
    }
    if (kind === 'ItemListData') {
      const ids = asArray(record.items);
      if (!hasConvertible(ids)) return undefined;
      return batch(ids).then((items) => ({ ...record, items }));
    }
    if (kind === 'ProductSourceEventData') {
      if (singleLookupRequest(record.webshop_product_id, context) === null) return undefined;
      return single(record.webshop_product_id).then((id) => ({ ...record, webshop_product_id: id }));
    }
    return undefined;
  };

  return { single, batch, convertEvent };
}
