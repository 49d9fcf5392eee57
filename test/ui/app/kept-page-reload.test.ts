import { reloadKeptPageOnChunkError, type KeptPageReloadOptions } from '../../../src/app/support/kept-page-reload';

const OPTIONAL = /\/tracker-module-/;

function listening(overrides: Partial<KeptPageReloadOptions> = {}) {
  const target = new EventTarget();
  const tryReload = vi.fn(() => true);
  const serverAnswers = vi.fn(async () => true);
  const stop = reloadKeptPageOnChunkError({
    target,
    touched: () => true,
    inputKept: () => true,
    serverAnswers,
    tryReload,
    optional: OPTIONAL,
    ...overrides,
  });
  const fail = (chunk = 'http://shop/assets/xhr-contact-submission-abc.js') => {
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: new Error(`Failed to fetch ${chunk}`) });
    target.dispatchEvent(event);
    return event;
  };
  return { tryReload, serverAnswers, fail, stop };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the reload of a touched page for a chunk that failed to load', () => {
  it('reloads through the guard when the input is kept and the server answers, leaving the import to fail', async () => {
    const page = listening();
    const event = page.fail();
    await settle();
    expect(page.tryReload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(false);
  });

  it('stays when the draft does not keep the input', async () => {
    const page = listening({ inputKept: () => false });
    page.fail();
    await settle();
    expect(page.serverAnswers).not.toHaveBeenCalled();
    expect(page.tryReload).not.toHaveBeenCalled();
  });

  it('stays when the server does not answer (the reload would show the browser\'s error page)', async () => {
    const page = listening({ serverAnswers: async () => false });
    page.fail();
    await settle();
    expect(page.tryReload).not.toHaveBeenCalled();
  });

  it('leaves an untouched page to the page\'s own handler, and a chunk the page does without alone', async () => {
    const untouched = listening({ touched: () => false });
    untouched.fail();
    const tracker = listening();
    tracker.fail('http://shop/assets/tracker-module-abc.js');
    await settle();
    expect(untouched.tryReload).not.toHaveBeenCalled();
    expect(tracker.tryReload).not.toHaveBeenCalled();
  });

  it('asks the server once for failures that come together, and stops listening when stopped', async () => {
    const page = listening();
    page.fail();
    page.fail();
    await settle();
    expect(page.serverAnswers).toHaveBeenCalledTimes(1);
    page.stop();
    page.fail();
    await settle();
    expect(page.serverAnswers).toHaveBeenCalledTimes(1);
  });
});
