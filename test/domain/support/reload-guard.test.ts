import fc from 'fast-check';
import {
  RELOAD_GUARD_MS,
  recordReload,
  shouldReload,
  type ReloadRecord,
} from '../../../src/domain/support/reload-guard';

describe('reload guard', () => {
  it('has the constant of spec §9', () => {
    expect(RELOAD_GUARD_MS).toBe(10000);
  });

  it('allows the first reload of a path', () => {
    expect(shouldReload({}, '/contact', 50_000)).toBe(true);
  });

  it('refuses a second reload of the path 9999 ms later and allows it 10000 ms later', () => {
    const record = recordReload({}, '/contact', 50_000);
    expect(shouldReload(record, '/contact', 59_999)).toBe(false);
    expect(shouldReload(record, '/contact', 60_000)).toBe(true);
  });

  it('guards each path on its own', () => {
    const record = recordReload({}, '/contact', 50_000);
    expect(shouldReload(record, '/m/contact', 50_001)).toBe(true);
  });

  it('refuses when the clock went back less than 10000 ms, or gives no time', () => {
    const record = recordReload({}, '/contact', 50_000);
    expect(shouldReload(record, '/contact', 45_000)).toBe(false);
    expect(shouldReload(record, '/contact', Number.NaN)).toBe(false);
  });

  it('allows it when the clock went back 10000 ms or more (set right after running fast): the old record blocks no new build', () => {
    const record = recordReload({}, '/contact', 50_000);
    expect(shouldReload(record, '/contact', 40_000)).toBe(true);
    expect(shouldReload(record, '/contact', 20_000)).toBe(true);
  });

  it('ignores stored values that are not times', () => {
    const stored = JSON.parse('{"/contact":"50000","/m/contact":null,"__proto__":1}') as ReloadRecord;
    expect(shouldReload(stored, '/contact', 50_001)).toBe(true);
    expect(shouldReload(stored, '__proto__', 5_000)).toBe(false);
    expect(shouldReload(stored, 'toString', 5_000)).toBe(true);
    expect(recordReload(stored, '/contact', 50_001)).toEqual({ '/contact': 50_001 });
  });

  it('records the reload without changing the given record, dropping entries that can refuse no more', () => {
    const before: ReloadRecord = { '/old': 1_000, '/recent': 45_000 };
    const after = recordReload(before, '/contact', 50_000);
    expect(after).toEqual({ '/recent': 45_000, '/contact': 50_000 });
    expect(before).toEqual({ '/old': 1_000, '/recent': 45_000 });
  });

  it('never allows two reloads of one path within 10000 ms', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('/contact', '/m/contact', '/cancellation'), fc.integer({ min: 0, max: 30_000 })), {
          maxLength: 60,
        }),
        (attempts) => {
          let record: ReloadRecord = {};
          let now = 1_700_000_000_000;
          const reloads: Record<string, number[]> = {};
          for (const [path, step] of attempts) {
            now += step;
            if (shouldReload(record, path, now)) {
              record = recordReload(record, path, now);
              (reloads[path] ??= []).push(now);
            }
          }
          for (const times of Object.values(reloads)) {
            for (let i = 1; i < times.length; i += 1) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(10000);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('allows a reload once 10000 ms have passed since the last one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 40 }), fc.integer({ min: 0, max: 10 ** 6 }), (last, wait) => {
        const record = recordReload({}, '/contact', last);
        expect(shouldReload(record, '/contact', last + wait)).toBe(wait >= 10000);
      }),
      { numRuns: 500 },
    );
  });
});
