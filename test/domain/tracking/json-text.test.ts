import fc from 'fast-check';
import { jsonText } from '../../../src/domain/tracking/json-text';

/** Prototype.js 1.6's Array#toJSON: a list becomes the text of a list. */
function prototypeJsToJson(this: unknown[]): string {
  return `[${this.map((entry) => JSON.stringify(entry)).join(', ')}]`;
}

/** Runs `body` on a page where Prototype.js has given arrays its `toJSON`. */
function withPrototypeJs<T>(body: () => T): T {
  const arrays = Array.prototype as unknown as Record<string, unknown>;
  arrays['toJSON'] = prototypeJsToJson;
  try {
    return body();
  } finally {
    delete arrays['toJSON'];
  }
}

describe('jsonText: JSON whatever the page did to Array.prototype', () => {
  it('writes every JSON value as a clean page does, lists as lists, on a page with Prototype.js', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const clean = JSON.stringify(value);
        expect(withPrototypeJs(() => jsonText(value))).toBe(clean);
      }),
    );
  });

  it('keeps the items of an e-commerce event a list, and a date its own toJSON', () => {
    const event = { ecommerce: { items: [{ item_id: '1' }, { item_id: '2', tags: ['a'] }] }, at: new Date(0) };
    const text = withPrototypeJs(() => jsonText(event));
    expect(JSON.parse(text)).toEqual({ ecommerce: { items: [{ item_id: '1' }, { item_id: '2', tags: ['a'] }] }, at: '1970-01-01T00:00:00.000Z' });
    // What a plain stringify would have sent.
    expect(withPrototypeJs(() => JSON.stringify(event))).toContain('"items":"[');
  });
});
