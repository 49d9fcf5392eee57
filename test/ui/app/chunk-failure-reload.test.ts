import { inputKept, reloadOnChunkFailure, serverAnswers, type ChunkFailureReloadOptions } from '../../../src/app/support/chunk-failure-reload';
import { keepInput } from '../../../src/ui/kept-input';
import { OPTIONAL_CHUNKS } from '../../../src/app/support/reload-guard';

const OPTIONAL = /\/tracker-module-/;

function listening(overrides: Partial<ChunkFailureReloadOptions> = {}) {
  const target = new EventTarget();
  const tryReload = vi.fn(() => true);
  const serverAnswers = vi.fn(async () => true);
  const stop = reloadOnChunkFailure({
    target,
    touched: () => true,
    inputKept: () => true,
    mayReload: () => true,
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

describe('the reload for a chunk that failed to load, once the page is idle', () => {
  it('reloads a touched page through the guard when the input is kept and the server answers, leaving the import to fail', async () => {
    const page = listening();
    const event = page.fail();
    await settle();
    expect(page.tryReload).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(false);
  });

  it('keeps a touched page whose input the draft does not keep', async () => {
    const page = listening({ inputKept: () => false });
    page.fail();
    await settle();
    expect(page.serverAnswers).not.toHaveBeenCalled();
    expect(page.tryReload).not.toHaveBeenCalled();
  });

  it('reloads an untouched page only when the server answers, the import waiting meanwhile', async () => {
    const up = listening({ touched: () => false });
    expect(up.fail().defaultPrevented).toBe(true);
    await settle();
    expect(up.tryReload).toHaveBeenCalledTimes(1);
    const down = listening({ touched: () => false, serverAnswers: async () => false });
    expect(down.fail().defaultPrevented).toBe(true);
    await settle();
    expect(down.tryReload).not.toHaveBeenCalled();
  });

  it('does not reload an untouched page typed into while the server was asked, unless that input is kept', async () => {
    let touched = false;
    let kept = false;
    const page = listening({
      touched: () => touched,
      inputKept: () => kept,
      serverAnswers: async () => {
        touched = true;
        return true;
      },
    });
    page.fail();
    await settle();
    expect(page.tryReload).not.toHaveBeenCalled();
    kept = true;
    touched = false;
    page.fail();
    await settle();
    expect(page.tryReload).toHaveBeenCalledTimes(1);
  });

  it('waits while the shopper is typing (keys typed during a reload are lost), and reloads once they pause, their input kept then', async () => {
    let typing = true;
    const pauses: (() => void)[] = [];
    const kept = vi.fn(() => true);
    const page = listening({ typing: () => typing, inputKept: kept, later: (run) => pauses.push(run) });
    page.fail();
    await settle();
    expect(page.tryReload).not.toHaveBeenCalled();
    // Still typing at the next look: another wait.
    pauses.shift()?.();
    expect(page.tryReload).not.toHaveBeenCalled();
    typing = false;
    kept.mockClear();
    pauses.shift()?.();
    expect(kept).toHaveBeenCalled();
    expect(page.tryReload).toHaveBeenCalledTimes(1);
    expect(pauses).toEqual([]);
  });

  it('does not reload a touched page while the server does not answer (the browser would show its own error page)', async () => {
    const page = listening({ serverAnswers: async () => false });
    page.fail();
    await settle();
    expect(page.tryReload).not.toHaveBeenCalled();
  });

  it('lets the import fail at once when the guard would refuse the reload (reloaded less than 10 s ago, offline)', async () => {
    const page = listening({ touched: () => false, mayReload: () => false });
    expect(page.fail().defaultPrevented).toBe(false);
    await settle();
    expect(page.serverAnswers).not.toHaveBeenCalled();
  });

  it('never reloads for a chunk the page does without (a tracker a content blocker refuses)', async () => {
    const page = listening({ touched: () => false });
    expect(page.fail('http://shop/assets/tracker-module-abc.js').defaultPrevented).toBe(false);
    await settle();
    expect(page.serverAnswers).not.toHaveBeenCalled();
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

describe('the question whether the input is kept', () => {
  it('is answered yes only while the draft logic keeps the input and says so', () => {
    const target = new EventTarget();
    expect(inputKept(target, () => false)).toBe(false);
    let kept = true;
    const stop = keepInput(() => kept, target);
    expect(inputKept(target)).toBe(true);
    kept = false;
    expect(inputKept(target)).toBe(false);
    kept = true;
    stop();
    expect(inputKept(target, () => false)).toBe(false);
  });

  it('without a draft logic to answer (its chunk removed by a new build), the boot guard keeps the texts; a draft logic that says no is not overruled', () => {
    const target = new EventTarget();
    const bootGuard = vi.fn(() => true);
    expect(inputKept(target, bootGuard)).toBe(true);
    expect(bootGuard).toHaveBeenCalledTimes(1);
    const stop = keepInput(() => false, target);
    expect(inputKept(target, bootGuard)).toBe(false);
    expect(bootGuard).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('whether the server answers before a reload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('only a success counts: a proxy answering 502 or 503 during a deploy, or no answer at all, does not', async () => {
    const answer = vi.fn();
    vi.stubGlobal('fetch', answer);
    answer.mockResolvedValueOnce(new Response('{}', { status: 200 }));
    expect(await serverAnswers('/build.json', 3000)).toBe(true);
    answer.mockResolvedValueOnce(new Response('Bad Gateway', { status: 502 }));
    expect(await serverAnswers('/build.json', 3000)).toBe(false);
    answer.mockResolvedValueOnce(new Response('', { status: 503 }));
    expect(await serverAnswers('/build.json', 3000)).toBe(false);
    answer.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await serverAnswers('/build.json', 3000)).toBe(false);
  });
});

describe('the chunks the page does without', () => {
  it('are the tracker, the new-build watch and the PDF writer the success page loads ahead: their failure never reloads the page; every other chunk may', () => {
    const page = listening({ optional: OPTIONAL_CHUNKS, touched: () => false });
    for (const url of ['https://www.kaffeeshop.de/assets/tracker-module-abc.js', 'https://www.kaffeeshop.de/assets/new-build-module-def.js', 'https://www.kaffeeshop.de/assets/pdf-module-0aZ.js']) {
      expect(page.fail(url).defaultPrevented).toBe(false);
    }
    expect(page.fail('https://www.kaffeeshop.de/assets/contact-screen-123.js').defaultPrevented).toBe(true);
    page.stop();
  });
});
