import fc from 'fast-check';
import { checkEntity } from '../../../../src/domain/tracking/entities/check';
import * as fields from '../../../../src/domain/tracking/entities/fields';
import type { Kind, Shape } from '../../../../src/domain/tracking/entities/fields';
import { schemaOf } from '../../../../src/domain/tracking/entities/schema';

const SHAPES: Record<string, Shape> = {
  INITIAL_PAGE_DATA: fields.INITIAL_PAGE_DATA,
  ECOMMERCE_EVENT: fields.ECOMMERCE_EVENT,
  ECOMMERCE_ITEM: fields.ECOMMERCE_ITEM,
  LEGACY_CUSTOM_EVENT: fields.LEGACY_CUSTOM_EVENT,
  GA4_CUSTOM_EVENT: fields.GA4_CUSTOM_EVENT,
  ITEM_LIST_DATA: fields.ITEM_LIST_DATA,
  PRODUCT_SOURCE_EVENT: fields.PRODUCT_SOURCE_EVENT,
  LEAD_DATA: fields.LEAD_DATA,
  CUSTOMER_FRONTEND_DATA: fields.CUSTOMER_FRONTEND_DATA,
};

// Invisible texts too (a zero-width space, a soft hyphen, the braille blank): blank to both checks.
const text = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.constantFrom('\u200B', ' \u00AD ', '\u2800', 'a\u200B'));
const numeric = fc.oneof(fc.double(), fc.constantFrom('12.5', '12,5', ' 3 ', '', ' ', 'x', '1e3', '-0', 'Infinity', '1.234', '12,99 zł'));
const flag = fc.constantFrom(true, false, 'true', 'false', 'TRUE', 'yes', 1, 0);
const odd = fc.oneof(
  fc.constantFrom(undefined, null, '', NaN, Infinity, [], {}, [undefined]),
  fc.anything({ maxDepth: 2, withBoxedValues: true, withBigInt: true, withSparseArray: true, withNullPrototype: true }),
);

/** Values near what each kind accepts: valid ones, their look-alikes, and anything at all. */
const valueOf = (kind: Kind, depth: number): fc.Arbitrary<unknown> => {
  if (Array.isArray(kind)) {
    const entry = valueOf(kind[0] as Kind, depth + 1);
    // A one-or-list kind also takes one entry alone.
    return fc.oneof(fc.array(entry, { maxLength: 3 }), ...(kind.length > 1 ? [entry] : []), odd);
  }
  if (typeof kind !== 'string') return depth > 3 ? odd : fc.oneof(shapeValue(kind as Shape, depth + 1), odd);
  const byKind: Record<string, fc.Arbitrary<unknown>> = {
    t: text,
    n: numeric,
    c: numeric,
    b: flag,
    q: flag,
    l: fc.oneof(text, fc.array(text, { maxLength: 3 })),
    r: text,
    g: fc.oneof(flag, numeric),
    h: fc.oneof(flag, text),
    s: fc.oneof(fc.string(), fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 })),
    e: fc.constantFrom(...fields.ECOMMERCE_EVENT_NAMES, 'refund', ''),
    i: fc.oneof(text, fc.record({ item_id: fc.oneof(text, odd) }, { requiredKeys: [] })),
  };
  return fc.oneof({ weight: 4, arbitrary: byKind[kind] as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: odd });
};

const shapeValue = (shape: Shape, depth = 0): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(
    { ...Object.fromEntries(Object.entries(shape).map(([key, kind]) => [key, valueOf(kind, depth)])), extra: odd },
    { requiredKeys: [] },
  );

describe('the field tables are the single source of truth: the checker and the derived zod schemas agree', () => {
  it.each(Object.keys(SHAPES))('%s: accepted by the checker exactly when accepted by its zod schema', (name) => {
    const shape = SHAPES[name] as Shape;
    const schema = schemaOf(shape);
    fc.assert(
      fc.property(fc.oneof({ weight: 5, arbitrary: shapeValue(shape) }, { weight: 1, arbitrary: odd }), (value) => {
        const parsed = schema.safeParse(value);
        const checked = checkEntity(shape, value, { copy: true });
        expect(checked.ok).toBe(parsed.success);
        if (checked.ok && parsed.success) {
          expect(checked.value).toStrictEqual(parsed.data);
        }
      }),
      // An own `__proto__` key (JSON.parse makes one) is always tried: zod leaves it out, so must the copy.
      { numRuns: 400, examples: [[JSON.parse('{"__proto__":{"x":1},"extra":1}') as unknown]] },
    );
  });

  it('a copy shares nothing mutable with the input, as a parsed value does not', () => {
    const input = { event: 'purchase', ecommerce: { items: [{ item_id: '1' }] }, extra: 1 };
    const checked = checkEntity(fields.ECOMMERCE_EVENT, input, { copy: true });
    expect(checked).toEqual({ ok: true, value: input });
    const copy = (checked as { value: typeof input }).value;
    expect(copy).not.toBe(input);
    expect(copy.ecommerce).not.toBe(input.ecommerce);
    expect(copy.ecommerce.items[0]).not.toBe(input.ecommerce.items[0]);
  });
});
