import fc from 'fast-check';
import {
  BUILD_POLL_INTERVAL_MS,
  BUILD_POLL_MIN_GAP_MS,
  afterPoll,
  buildIdOfFile,
  isNewBuild,
  loadsInFull,
  nextPollIn,
  parseBuildId,
  reloadsInPlace,
  startWatch,
  type BuildWatchState,
} from '../../../src/domain/support/new-build';

const buildId = fc.stringMatching(/^[0-9a-f]{16}$/);
const time = fc.integer({ min: 0, max: 4_000_000_000_000 });
/** What a poll may answer: a build file, something else, or nothing (a failed poll). */
const answer = fc.oneof(
  buildId.map((id) => ({ buildId: id })),
  fc.constant(undefined),
  fc.anything(),
  fc.record({ buildId: fc.anything() }),
);

/** The watch after polls at increasing times. */
const watched = (served: unknown, start: number, answers: readonly unknown[]): BuildWatchState =>
  answers.reduce<BuildWatchState>((state, json, i) => afterPoll(state, start + (i + 1) * BUILD_POLL_INTERVAL_MS, json), startWatch(served, start));

describe('new-build detection', () => {
  it('reads the build id of the server\'s file, and nothing else', () => {
    expect(buildIdOfFile({ buildId: '0123456789abcdef' })).toBe('0123456789abcdef');
    for (const json of [undefined, null, 'x', { buildId: '' }, { buildId: 'a b' }, { buildId: 7 }, {}, { buildId: '<x>' }]) {
      expect(buildIdOfFile(json)).toBeUndefined();
    }
    expect(buildIdOfFile(JSON.parse('{"__proto__":{"buildId":"abc"}}'))).toBeUndefined();
    expect(parseBuildId('x'.repeat(129))).toBeUndefined();
  });

  it('a page that names its build sees a new one exactly when the last answered build differs from it', () => {
    fc.assert(
      fc.property(buildId, time, fc.array(answer, { maxLength: 8 }), (served, start, answers) => {
        const state = watched(served, start, answers);
        const ids = answers.map(buildIdOfFile).filter((id) => id !== undefined);
        const last = ids.at(-1);
        expect(state.served).toBe(served);
        expect(isNewBuild(state)).toBe(last !== undefined && last !== served);
      }),
    );
  });

  it('a failed or malformed poll changes nothing but the time of the last poll', () => {
    fc.assert(
      fc.property(buildId, time, fc.array(answer, { maxLength: 5 }), fc.anything(), (served, start, answers, json) => {
        fc.pre(buildIdOfFile(json) === undefined);
        const before = watched(served, start, answers);
        const after = afterPoll(before, start + 10 * BUILD_POLL_INTERVAL_MS, json);
        expect({ ...after, lastPollAt: before.lastPollAt }).toEqual(before);
        expect(isNewBuild(after)).toBe(isNewBuild(before));
      }),
    );
  });

  it('a page that does not name its build takes the first build answered as its own: never a new build at once', () => {
    fc.assert(
      fc.property(fc.constantFrom(undefined, '', 'not a build id', 42), time, buildId, buildId, (served, start, first, second) => {
        const state = watched(served, start, [{ buildId: first }]);
        expect(state.served).toBe(first);
        expect(isNewBuild(state)).toBe(false);
        expect(isNewBuild(afterPoll(state, start + 1, { buildId: second }))).toBe(second !== first);
      }),
    );
  });

  it('asks at once when the page does not name its build, after an interval when it does', () => {
    expect(nextPollIn(startWatch(undefined, 1000), 1000, false)).toBe(0);
    expect(nextPollIn(startWatch('0123456789abcdef', 1000), 1000, false)).toBe(BUILD_POLL_INTERVAL_MS);
  });

  it('polls at most every interval on its timer and at most every minute when shown again, never after a new build', () => {
    fc.assert(
      fc.property(fc.option(buildId, { nil: undefined }), time, fc.array(answer, { maxLength: 5 }), fc.integer({ min: -1e6, max: 1e7 }), fc.boolean(), (served, start, answers, wait, visible) => {
        const state = watched(served, start, answers);
        const now = (state.lastPollAt ?? start) + wait;
        const delay = nextPollIn(state, now, visible);
        if (isNewBuild(state)) {
          expect(delay).toBeUndefined();
          return;
        }
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(BUILD_POLL_INTERVAL_MS);
        // Shown again never waits longer than the timer would.
        expect(nextPollIn(state, now, true)!).toBeLessThanOrEqual(nextPollIn(state, now, false)!);
        if (state.lastPollAt !== undefined && wait >= 0) {
          // The next poll comes no sooner than a minute (shown again) or an interval (timer) after the last.
          expect(wait + delay!).toBeGreaterThanOrEqual(visible ? BUILD_POLL_MIN_GAP_MS : BUILD_POLL_INTERVAL_MS);
          if (wait < BUILD_POLL_MIN_GAP_MS) expect(delay).toBe(BUILD_POLL_INTERVAL_MS - wait);
        }
      }),
    );
  });
});

describe('the moment a new build is loaded', () => {
  const location = fc.record({
    pathname: fc.constantFrom('/contact', '/m/contact', '/cancellation', '/cancellation/success'),
    search: fc.constantFrom('', '?site=tr', '?site=de'),
  });
  const moment = fc.record({ newBuild: fc.boolean(), from: location, to: location, carriesState: fc.boolean(), typing: fc.boolean() });

  it('is a navigation to another page once a new build is known, never under a typing visitor or with state to lose', () => {
    fc.assert(
      fc.property(moment, (m) => {
        const anotherPage = m.from.pathname !== m.to.pathname || m.from.search !== m.to.search;
        expect(loadsInFull(m)).toBe(m.newBuild && !m.typing && !m.carriesState && anotherPage);
      }),
    );
  });

  it('is never a move within the same page', () => {
    fc.assert(
      fc.property(moment, (m) => {
        expect(loadsInFull({ ...m, to: m.from })).toBe(false);
      }),
    );
  });
});

describe('the reload in place', () => {
  it('happens only for a new build on a hidden page the visitor has not touched (a success screen is always touched)', () => {
    fc.assert(
      fc.property(fc.record({ newBuild: fc.boolean(), hidden: fc.boolean(), touched: fc.boolean() }), (m) => {
        expect(reloadsInPlace(m)).toBe(m.newBuild && m.hidden && !m.touched);
        expect(reloadsInPlace({ ...m, touched: true })).toBe(false);
        expect(reloadsInPlace({ ...m, hidden: false })).toBe(false);
      }),
    );
  });
});
