import { reloadUnseen, takeUnseenReload } from '../../../src/app/support/unseen-reload';

/** A tab at `address` whose clock the test moves. */
function tab(address = '/contact?site=de') {
  const spot = { storage: () => window.sessionStorage, address: () => address, now: () => now };
  let now = 1_000_000;
  return { spot, later: (ms: number) => (now += ms), move: (to: string) => (address = to) };
}

afterEach(() => window.sessionStorage.clear());

describe('a reload for a new build the visitor has not seen', () => {
  it('is known once by the reloaded page at the same address, within a minute', () => {
    const { spot, later } = tab();
    expect(reloadUnseen(spot, () => true)).toBe(true);
    later(2_000);
    expect(takeUnseenReload(spot)).toBe(true);
    expect(takeUnseenReload(spot)).toBe(false);
  });

  it('is not known when the guard refused the reload, at another address, or a minute later', () => {
    const refused = tab();
    expect(reloadUnseen(refused.spot, () => false)).toBe(false);
    expect(takeUnseenReload(refused.spot)).toBe(false);

    const moved = tab();
    reloadUnseen(moved.spot, () => true);
    moved.move('/cancellation?site=de');
    expect(takeUnseenReload(moved.spot)).toBe(false);

    const late = tab();
    reloadUnseen(late.spot, () => true);
    late.later(60_000);
    expect(takeUnseenReload(late.spot)).toBe(false);
  });
});
