import fc from 'fast-check';
import {
  PRODUCT_ID_BATCH_SIZE,
  applyMappings,
  isConvertibleProductId,
  normalizeProductId,
  shouldConvert,
  toBatches,
} from '../../../src/domain/tracking/product-ids';

describe('convertible product ids (spec §5, §9: exactly 9 digits)', () => {
  it('accepts exactly nine digits', () => {
    expect(isConvertibleProductId('400087123')).toBe(true);
    expect(isConvertibleProductId('000000000')).toBe(true);
  });

  it('rejects other lengths, other characters and non-strings', () => {
    for (const id of ['40008712', '4000871234', '40008712a', ' 400087123', '400087123\n', '４００087123', '', 400087123, null, undefined, {}]) {
      expect(isConvertibleProductId(id)).toBe(false);
    }
  });

  it('is true exactly for strings matching /^\\d{9}$/', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^\d{9}$/), fc.stringMatching(/^\d{8,10}$/), fc.anything()), (id) => {
        expect(isConvertibleProductId(id)).toBe(typeof id === 'string' && /^\d{9}$/.test(id));
      }),
      { numRuns: 1000 },
    );
  });

  it('turns non-string numbers into strings and leaves everything else unchanged', () => {
    expect(normalizeProductId(400087123)).toBe('400087123');
    expect(normalizeProductId(12)).toBe('12');
    expect(normalizeProductId(BigInt(123456789))).toBe('123456789');
    expect(normalizeProductId('abc')).toBe('abc');
    const odd = { id: 1 };
    expect(normalizeProductId(odd)).toBe(odd);
    expect(normalizeProductId(null)).toBeNull();
  });
});

describe('batches of 24 (spec §7 call 4, §9)', () => {
  it('splits 50 ids into 24, 24 and 2', () => {
    const ids = Array.from({ length: 50 }, (_, i) => String(100000000 + i));
    expect(PRODUCT_ID_BATCH_SIZE).toBe(24);
    expect(toBatches(ids).map((batch) => batch.length)).toEqual([24, 24, 2]);
    expect(toBatches([])).toEqual([]);
  });

  it('treats a size below 1 as 1 and a non-array as no ids', () => {
    expect(toBatches(['a', 'b'], 0)).toEqual([['a'], ['b']]);
    expect(toBatches(['a', 'b'], Number.NaN)).toEqual([['a'], ['b']]);
    expect(toBatches('abc' as never)).toEqual([]);
  });

  it('preserves order and never puts more than 24 ids in a batch', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 200 }), (ids) => {
        const batches = toBatches(ids);
        expect(batches.flat()).toEqual(ids);
        for (const batch of batches) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(24);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('preserves order for any batch size', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), fc.integer({ min: -5, max: 70 }), (ids, size) => {
        const batches = toBatches(ids, size);
        expect(batches.flat()).toEqual(ids);
        for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(Math.max(1, size));
      }),
      { numRuns: 300 },
    );
  });
});

describe('applying the mappings', () => {
  it('replaces mapped ids and keeps the others and the order', () => {
    const mappings = [
      { oldProductId: '400087123', newProductId: 'P-1' },
      { oldProductId: '400087124', newProductId: 'P-2' },
    ];
    expect(applyMappings(['400087124', 'x1', '400087123', 400087123, 7], mappings)).toEqual(['P-2', 'x1', 'P-1', 'P-1', '7']);
  });

  it('uses the first mapping for an old id and ignores malformed entries', () => {
    const mappings = [
      { oldProductId: '400087123', newProductId: 'first' },
      { oldProductId: '400087123', newProductId: 'second' },
      null,
      { oldProductId: '400087124' },
    ] as never;
    expect(applyMappings(['400087123', '400087124'], mappings)).toEqual(['first', '400087124']);
  });

  it('keeps the length and leaves unmapped ids unchanged', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.stringMatching(/^\d{9}$/), fc.string())),
        fc.array(fc.record({ oldProductId: fc.stringMatching(/^\d{9}$/), newProductId: fc.string() })),
        (ids, mappings) => {
          const out = applyMappings(ids, mappings);
          expect(out).toHaveLength(ids.length);
          const mapped = new Set(mappings.map((m) => m.oldProductId));
          ids.forEach((id, i) => {
            if (!mapped.has(id)) expect(out[i]).toBe(id);
            else expect(out[i]).toBe(mappings.find((m) => m.oldProductId === id)?.newProductId);
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (ids, mappings) => {
        expect(Array.isArray(applyMappings(ids as never, mappings as never))).toBe(true);
        expect(Array.isArray(toBatches(ids as never))).toBe(true);
        expect(typeof shouldConvert(ids)).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });
});

describe('conversion only with the new-product-ids option (spec §5)', () => {
  it('converts only when newProductIds is true', () => {
    expect(shouldConvert({ newProductIds: true })).toBe(true);
    expect(shouldConvert({ newProductIds: false })).toBe(false);
    expect(shouldConvert({})).toBe(false);
    expect(shouldConvert({ newProductIds: 'true' })).toBe(false);
    expect(shouldConvert(undefined)).toBe(false);
  });
});
