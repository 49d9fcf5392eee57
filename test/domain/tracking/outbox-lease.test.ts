import fc from 'fast-check';
import { mayClaim, needsRenewal, OUTBOX_LEASE_MS, type OutboxLease } from '../../../src/domain/tracking/outbox-lease';

const owner = fc.constantFrom('tab-a', 'tab-b', 'tab-c');
const time = fc.integer({ min: 0, max: 100_000 });

describe('the outbox lease: one page sends a record at a time', () => {
  it('a free record goes to the first page that claims it; later claims by other pages fail until its lease runs out', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(owner, fc.integer({ min: 0, max: 3000 })), { maxLength: 30 }), (claims) => {
        let lease: OutboxLease | undefined;
        let now = 0;
        for (const [who, step] of claims) {
          now += step;
          const held = lease !== undefined && lease.until > now ? lease.owner : undefined;
          const allowed = mayClaim(lease, who, now);
          expect(allowed).toBe(held === undefined || held === who);
          if (allowed) lease = { owner: who, until: now + OUTBOX_LEASE_MS };
        }
      }),
    );
  });

  it('a lease given up (until 0) or run out is free for any page', () => {
    fc.assert(
      fc.property(owner, owner, time, fc.integer({ min: 0, max: 100_000 }), (holder, other, now, past) => {
        expect(mayClaim({ owner: holder, until: 0 }, other, now)).toBe(true);
        expect(mayClaim({ owner: holder, until: now - past }, other, now)).toBe(true);
      }),
    );
  });

  it('a lease running out later than any page could have given it from now (the clock went back) is free for any page', () => {
    fc.assert(
      fc.property(owner, owner, time, fc.integer({ min: 1, max: 400 * 86_400_000 }), (holder, other, now, back) => {
        // Given at `now + back` by a page whose clock was ahead, or before this clock was set back.
        expect(mayClaim({ owner: holder, until: now + back + OUTBOX_LEASE_MS }, other, now)).toBe(true);
      }),
    );
  });

  it('the holder claims again a lease that runs out later than a claim made now would, as other pages may take it', () => {
    fc.assert(
      fc.property(time, fc.integer({ min: 1, max: 400 * 86_400_000 }), (now, back) => {
        expect(needsRenewal(now + back + OUTBOX_LEASE_MS, now)).toBe(true);
      }),
    );
    expect(needsRenewal(Number.POSITIVE_INFINITY, 0)).toBe(false);
  });

  it('the holder renews well before its lease runs out: more than one send interval (1000 ms) ahead', () => {
    fc.assert(
      fc.property(time, time, (until, now) => {
        if (!needsRenewal(until, now)) expect(until - now).toBeGreaterThan(1000);
      }),
    );
  });
});
