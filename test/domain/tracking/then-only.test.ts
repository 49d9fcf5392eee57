import fc from 'fast-check';
import { allSettled, always } from '../../../src/domain/tracking/then-only';

type Outcome = { ok: true; value: number } | { ok: false; reason: string };

/**
 * A promise as an old polyfill makes it: `then` and nothing else (no `finally`, no `catch`), settling
 * on a later turn.
 */
const thenOnly = (outcome: Outcome): PromiseLike<number> => {
  const native = outcome.ok ? Promise.resolve(outcome.value) : Promise.reject(new Error(outcome.reason));
  native.catch(() => undefined);
  return { then: (onFulfilled, onRejected) => native.then(onFulfilled, onRejected) };
};

const outcome = fc.oneof(
  fc.record({ ok: fc.constant(true as const), value: fc.integer() }),
  fc.record({ ok: fc.constant(false as const), reason: fc.string() }),
);

describe('promise helpers that need nothing but then', () => {
  it('allSettled gives what the standard Promise.allSettled gives, for promises without finally or catch', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(outcome, { maxLength: 6 }), async (outcomes) => {
        const ours = await allSettled(outcomes.map(thenOnly));
        const standard = await Promise.allSettled(outcomes.map((o) => Promise.resolve(thenOnly(o))));
        expect(ours).toEqual(standard);
      }),
    );
  });

  it('always runs the cleanup once and settles as the promise did', async () => {
    await fc.assert(
      fc.asyncProperty(outcome, async (o) => {
        let cleanups = 0;
        const settled = await Promise.resolve(always(thenOnly(o), () => (cleanups += 1))).then(
          (value) => ({ ok: true, value }),
          (error: Error) => ({ ok: false, reason: error.message }),
        );
        expect(settled).toEqual(o);
        expect(cleanups).toBe(1);
      }),
    );
  });
});
