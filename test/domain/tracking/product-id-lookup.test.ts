import fc from 'fast-check';
import {
  batchLookupRequests,
  convertBatch,
  convertSingle,
  onLookupStatus,
  parseBatchLookup,
  parseSingleLookup,
  singleLookupRequest,
} from '../../../src/domain/tracking/product-id-lookup';
import type { LogLevel } from '../../../src/domain/tracking/log-buffer';
import type { HttpRequest } from '../../../src/ports/http-client';

const sink = () => {
  const entries: { level: LogLevel; message: string }[] = [];
  return { entries, log: (level: LogLevel, message: string) => void entries.push({ level, message }) };
};

const HEADERS = { Accept: 'application/json', 'x-site': 'CH_FR', 'x-cot-marker': 'collect-on-track' };

describe('single product-id lookup (spec §7 call 3)', () => {
  it('asks GET /service/productdata/api/new-product-id for a 9-digit id, with accept, site and marker headers', () => {
    expect(singleLookupRequest('400087123', { site: 'ch_fr' })).toEqual({
      method: 'GET',
      url: '/service/productdata/api/new-product-id?old_product_id=400087123',
      headers: HEADERS,
    });
    expect(singleLookupRequest(400087123, { site: 'CH_FR', marker: 'support', baseUrl: 'https://www.kaffeeshop.ch' })).toEqual({
      method: 'GET',
      url: 'https://www.kaffeeshop.ch/service/productdata/api/new-product-id?old_product_id=400087123',
      headers: { ...HEADERS, 'x-cot-marker': 'support' },
    });
  });

  it('describes a request the HttpClient port can send as it is', () => {
    const request: HttpRequest | null = singleLookupRequest('400087123', { site: 'de' });
    expect(request?.method).toBe('GET');
  });

  it('makes no call for an invalid id', () => {
    for (const id of ['40008712', '4000871234', 'abc', '', null, undefined, {}]) {
      expect(singleLookupRequest(id, { site: 'de' })).toBeNull();
    }
  });

  it("sends 'DE' for an unknown site", () => {
    expect(singleLookupRequest('400087123', { site: 'xx' })?.headers?.['x-site']).toBe('DE');
  });

  it('reads productId from the answer', () => {
    expect(parseSingleLookup({ productId: 'P-400087123' })).toBe('P-400087123');
    expect(parseSingleLookup({ productId: 4711 })).toBe('4711');
    expect(parseSingleLookup({ productId: '' })).toBeUndefined();
    expect(parseSingleLookup(null)).toBeUndefined();
  });

  it('keeps the id when the answer is not OK, with the status in the warning', () => {
    const { entries, log } = sink();
    expect(convertSingle(400087123, { ok: false, status: 503 }, log)).toBe('400087123');
    expect(entries).toEqual([{ level: 5, message: 'Product id lookup failed with status 503' }]);
    expect(convertSingle('400087123', { ok: true, status: 200, body: { productId: 'NEW' } }, log)).toBe('NEW');
    expect(entries).toHaveLength(1);
    // An OK answer without a usable new id keeps the id, and says so as the batch lookup does.
    expect(convertSingle('400087123', { ok: true, status: 200, body: {} }, log)).toBe('400087123');
    expect(convertSingle('400087124', { ok: true, status: 200, body: { productId: '' } }, log)).toBe('400087124');
    expect(entries.slice(1)).toEqual([
      { level: 5, message: 'No productId found in the response for requested ID 400087123' },
      { level: 5, message: 'No productId found in the response for requested ID 400087124' },
    ]);
  });
});

describe('batch product-id lookup (spec §7 call 4)', () => {
  it('asks GET /service/productdata/api/new-product-ids in batches of 24', () => {
    const ids = Array.from({ length: 30 }, (_, i) => String(400000000 + i));
    const requests = batchLookupRequests(ids, { site: 'de' });
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual({
      method: 'GET',
      url: `/service/productdata/api/new-product-ids?old_product_ids=${ids.slice(0, 24).join(',')}`,
      headers: { ...HEADERS, 'x-site': 'DE' },
    });
    expect(requests[1]?.url).toBe(`/service/productdata/api/new-product-ids?old_product_ids=${ids.slice(24).join(',')}`);
  });

  it('asks only for convertible ids, each once, numbers as strings', () => {
    const requests = batchLookupRequests(['400087123', 'abc', 400087124, '400087123', '12'], { site: 'pl' });
    expect(requests.map((r) => r.url)).toEqual(['/service/productdata/api/new-product-ids?old_product_ids=400087123,400087124']);
    expect(batchLookupRequests(['abc', 12], { site: 'pl' })).toEqual([]);
  });

  it('reads the mappings and warns when there are none', () => {
    const { entries, log } = sink();
    expect(parseBatchLookup({ mappings: [{ oldProductId: '400087123', newProductId: 'N1' }, { oldProductId: 'x' }] }, log)).toEqual([
      { oldProductId: '400087123', newProductId: 'N1' },
    ]);
    expect(entries).toEqual([]);
    expect(parseBatchLookup({ mappings: [] }, log)).toEqual([]);
    expect(parseBatchLookup({}, log)).toEqual([]);
    expect(entries).toEqual([
      { level: 5, message: 'No mappings found in the response for requested IDs' },
      { level: 5, message: 'No mappings found in the response for requested IDs' },
    ]);
  });

  it('applies OK answers and keeps the ids of a failed batch', () => {
    const { entries, log } = sink();
    const ids = ['400087123', 'x', '400087124', 400087125];
    const answers = [
      { ok: true, status: 200, body: { mappings: [{ oldProductId: '400087123', newProductId: 'N3' }, { oldProductId: '400087125', newProductId: 'N5' }] } },
      { ok: false, status: 500, body: { mappings: [{ oldProductId: '400087124', newProductId: 'N4' }] } },
    ];
    expect(convertBatch(ids, answers, log)).toEqual(['N3', 'x', '400087124', 'N5']);
    expect(entries).toEqual([{ level: 5, message: 'Product id lookup failed with status 500' }]);
  });

  it('reports a non-OK status and accepts an OK one', () => {
    const { entries, log } = sink();
    expect(onLookupStatus({ ok: true, status: 200 }, log)).toBe(true);
    expect(onLookupStatus({ ok: false, status: 404 }, log)).toBe(false);
    expect(onLookupStatus(undefined, log)).toBe(false);
    expect(entries.map((e) => e.message)).toEqual([
      'Product id lookup failed with status 404',
      'Product id lookup failed with status unknown',
    ]);
  });

  it('never asks more than 24 ids per request and only ever asks for 9-digit ids', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.stringMatching(/^\d{9}$/), fc.string(), fc.integer())), (ids) => {
        for (const request of batchLookupRequests(ids, { site: 'de' })) {
          const asked = request.url.split('old_product_ids=')[1]?.split(',') ?? [];
          expect(asked.length).toBeGreaterThan(0);
          expect(asked.length).toBeLessThanOrEqual(24);
          for (const id of asked) expect(id).toMatch(/^\d{9}$/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the length of the id list and never throws, whatever the answers', () => {
    fc.assert(
      fc.property(fc.array(fc.anything()), fc.anything(), fc.anything(), (ids, answers, body) => {
        const log = () => {};
        expect(convertBatch(ids, answers as never, log)).toHaveLength(ids.length);
        convertSingle(ids[0], answers, log);
        parseBatchLookup(body, log);
        parseSingleLookup(body);
        singleLookupRequest(body, { site: answers });
        batchLookupRequests(ids, body as never);
      }),
      { numRuns: 300 },
    );
  });
});
