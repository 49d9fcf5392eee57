import { RELOADS_KEY, createReloadGuard, reloadOnChunkError } from '../../../src/app/support/reload-guard';

function guardAt(times: { now: number }, path = '/contact', storage: () => Storage = () => window.sessionStorage) {
  const reload = vi.fn();
  const warn = vi.fn();
  const tryReload = createReloadGuard({ storage, now: () => times.now, path: () => path, reload, warn });
  return { tryReload, reload, warn };
}

describe('the reload after a chunk failed to load', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('reloads once per 10 s per path', () => {
    const clock = { now: 1_000_000 };
    const contact = guardAt(clock);
    expect(contact.tryReload()).toBe(true);
    clock.now += 9_999;
    expect(contact.tryReload()).toBe(false);
    expect(guardAt(clock, '/m/contact').tryReload()).toBe(true);
    clock.now += 1;
    expect(contact.tryReload()).toBe(true);
    expect(contact.reload).toHaveBeenCalledTimes(2);
    expect(JSON.parse(window.sessionStorage.getItem(RELOADS_KEY)!)).toMatchObject({ '/contact': 1_010_000 });
  });

  it('does not reload when its record cannot be kept (no reload loop on blocked storage)', () => {
    const blocked = () => {
      throw new Error('blocked');
    };
    const guard = guardAt({ now: 5 }, '/contact', blocked);
    expect(guard.tryReload()).toBe(false);
    expect(guard.reload).not.toHaveBeenCalled();
    expect(guard.warn).toHaveBeenCalled();
  });

  it('does not reload while the browser is offline (the reload would show the offline page), and records nothing', () => {
    const reload = vi.fn();
    const online = { now: true };
    const tryReload = createReloadGuard({
      storage: () => window.sessionStorage,
      now: () => 1_000_000,
      path: () => '/contact',
      reload,
      warn: vi.fn(),
      offline: () => !online.now,
    });
    online.now = false;
    expect(tryReload()).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(RELOADS_KEY)).toBeNull();
    online.now = true;
    expect(tryReload()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("answers Vite's preload error by reloading and keeping the error quiet, when allowed", () => {
    const tryReload = vi.fn().mockReturnValueOnce(true).mockReturnValueOnce(false);
    const target = new EventTarget() as Window;
    reloadOnChunkError(target, tryReload, () => false);
    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    const second = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(second);
    expect(second.defaultPrevented).toBe(false);
  });

  it('stops answering when stopped (the new-build watch\'s chunk answers in its place)', () => {
    const tryReload = vi.fn().mockReturnValue(true);
    const target = new EventTarget() as Window;
    const stop = reloadOnChunkError(target, tryReload, () => false);
    stop();
    const failed = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(failed);
    expect(failed.defaultPrevented).toBe(false);
    expect(tryReload).not.toHaveBeenCalled();
  });

  it('does not reload a page the visitor has touched: the failed import is left to the part that asked for it', () => {
    const tryReload = vi.fn().mockReturnValue(true);
    const target = new EventTarget() as Window;
    let touched = false;
    reloadOnChunkError(target, tryReload, () => touched);
    touched = true;
    const failed = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(failed);
    expect(failed.defaultPrevented).toBe(false);
    expect(tryReload).not.toHaveBeenCalled();
  });
});
