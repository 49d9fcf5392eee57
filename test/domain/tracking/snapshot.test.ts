import fc from 'fast-check';
import { snapshotOf } from '../../../src/domain/tracking/snapshot';

/** Pushed data as pages build it: records and lists of text, numbers, flags and null. */
const pushed = fc.jsonValue({ maxDepth: 5 }).filter((value) => !JSON.stringify(value).includes('"__proto__"'));

/** Changes every record and list reachable from `value` in place, as a page reusing its object does. */
function scribble(value: unknown): void {
  if (Array.isArray(value)) {
    value.forEach(scribble);
    value.push('added');
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) scribble(record[key]);
    record.added = 'added';
  }
}

describe('snapshotOf (what a waiting push holds)', () => {
  it('equals the pushed data, and later changes to the pushed objects do not reach it', () => {
    fc.assert(
      fc.property(pushed, (data) => {
        const copy = snapshotOf(data);
        const before = structuredClone(data);
        expect(copy).toEqual(before);
        scribble(data);
        expect(copy).toEqual(before);
      }),
    );
  });

  it('keeps what is not a plain record or list as it is, and never copies a __proto__ key', () => {
    const when = new Date(0);
    const callback = () => undefined;
    const copy = snapshotOf(JSON.parse('{"a":{"__proto__":{"polluted":true}},"when":0}')) as { a: Record<string, unknown> };
    expect(Object.getPrototypeOf(copy.a)).toBe(Object.prototype);
    expect(copy.a).toEqual({});
    expect(snapshotOf({ when, callback })).toEqual({ when, callback });
    expect((snapshotOf({ when }) as { when: Date }).when).toBe(when);
  });

  it('never throws: keeps data with a part it cannot read as it is, for the validation to refuse', () => {
    const pushed = { event_category: 'navigation', items: [{ id: 1 }], get broken(): string { throw new Error('getter broke'); } };
    expect(snapshotOf(pushed)).toBe(pushed);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(snapshotOf(proxy)).toBe(proxy);
  });

  it('ends on a reference cycle', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(() => snapshotOf(cyclic)).not.toThrow();
  });
});
