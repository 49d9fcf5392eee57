import { BrowserClock } from '../../src/adapters/browser/browser-clock';
import { BrowserIdGenerator, BrowserRandom, uuidFromBytes } from '../../src/adapters/browser/browser-random';
import { CONSOLE_PREFIX, ConsoleLogger } from '../../src/adapters/browser/console-logger';
import { readPage } from '../../src/adapters/browser/page-reader';
import { SequenceRandom } from '../../src/adapters/memory/fixed-random';
import { LogLevel } from '../../src/domain/tracking/log-buffer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('readPage', () => {
  afterEach(() => {
    document.documentElement.removeAttribute('data-platform');
    document.body.removeAttribute('data-platform');
  });

  it('reads location, referrer, screen width and user agent of the page', () => {
    window.history.replaceState(null, '', '/m/kaffee/espresso?cotcs=search,result');
    const page = readPage();
    expect(page).toMatchObject({
      href: `${location.origin}/m/kaffee/espresso?cotcs=search,result`,
      host: location.host,
      pathname: '/m/kaffee/espresso',
      search: '?cotcs=search,result',
      referrer: '',
      userAgent: navigator.userAgent,
    });
    expect(page.screenWidth).toBe(window.screen.width);
    expect(page.platformAttribute).toBeUndefined();
  });

  it('reads the legacy platform attribute from <html>, else from <body>', () => {
    document.body.setAttribute('data-platform', 'tablet');
    expect(readPage().platformAttribute).toBe('tablet');
    document.documentElement.setAttribute('data-platform', 'smartphone');
    expect(readPage().platformAttribute).toBe('smartphone');
  });

  it('reads a frame the page wrote itself (srcdoc, about:blank) at its page\'s address, whatever <base> the page has: its environment and path are the page\'s', () => {
    const page = {
      location: { href: 'https://shop.dev.kaffeeshop-test.net/kaffee/espresso?x=1', host: 'shop.dev.kaffeeshop-test.net', pathname: '/kaffee/espresso', search: '?x=1', protocol: 'https:' },
    };
    // A srcdoc frame in a srcdoc frame: the page is two levels up.
    const middle = { location: { href: 'about:srcdoc', protocol: 'about:' }, parent: page };
    const frame = {
      location: { href: 'about:srcdoc', host: '', pathname: 'srcdoc', search: '', protocol: 'about:' },
      parent: middle,
      origin: 'https://shop.dev.kaffeeshop-test.net',
      // The page's <base href="https://static.cdn.test/">, which a frame's base URL follows.
      document: { referrer: '', baseURI: 'https://static.cdn.test/', documentElement: { getAttribute: () => null }, body: null },
      screen: { width: 1280 },
      navigator: { userAgent: 'UA' },
    } as unknown as Window;
    expect(readPage(() => frame)).toMatchObject({
      href: 'https://shop.dev.kaffeeshop-test.net/kaffee/espresso?x=1',
      host: 'shop.dev.kaffeeshop-test.net',
      pathname: '/kaffee/espresso',
      search: '?x=1',
    });
  });

  it('gives nothing outside a browser and leaves out what throws', () => {
    expect(readPage(() => undefined)).toEqual({});
    const hostile = {
      get location(): Location {
        throw new Error('cross-origin');
      },
      document: { referrer: 'https://www.google.com/', documentElement: { getAttribute: () => null }, body: null },
      get screen(): Screen {
        throw new Error('no screen');
      },
      navigator: { userAgent: 'UA' },
    } as unknown as Window;
    expect(readPage(() => hostile)).toEqual({ referrer: 'https://www.google.com/', userAgent: 'UA' });
  });
});

describe('BrowserClock', () => {
  it('reads Date.now and runs and cancels window timers', async () => {
    const clock = new BrowserClock();
    const before = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(before);
    const fired: string[] = [];
    const cancelled = clock.schedule(() => fired.push('cancelled'), 0);
    clock.schedule(() => fired.push('ran'), -5);
    clock.cancel(cancelled);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(fired).toEqual(['ran']);
  });
});

describe('BrowserRandom and BrowserIdGenerator', () => {
  it('gives numbers in [0, 1)', () => {
    const random = new BrowserRandom();
    for (let i = 0; i < 100; i += 1) {
      const n = random.next();
      expect(n >= 0 && n < 1).toBe(true);
    }
  });

  it('uses crypto.randomUUID when present', () => {
    const ids = new BrowserIdGenerator(() => ({ randomUUID: () => '11111111-2222-4333-8444-555555555555' }));
    expect(ids.next()).toBe('11111111-2222-4333-8444-555555555555');
  });

  it('builds a v4 UUID from getRandomValues without randomUUID (insecure context)', () => {
    const ids = new BrowserIdGenerator(() => ({ getRandomValues: <T extends ArrayBufferView | null>(a: T) => a }));
    expect(ids.next()).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('falls back to the injected Random without crypto, and ids differ', () => {
    const ids = new BrowserIdGenerator(() => undefined, new SequenceRandom([0.1, 0.9, 0.5, 0.3, 0.7]));
    const a = ids.next();
    const b = ids.next();
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it('makes distinct UUIDs with the real crypto', () => {
    const ids = new BrowserIdGenerator();
    const made = new Set(Array.from({ length: 200 }, () => ids.next()));
    expect(made.size).toBe(200);
    for (const id of made) expect(id).toMatch(UUID);
  });

  it('sets the version and variant bits', () => {
    expect(uuidFromBytes(new Uint8Array(16).fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it("makes UUIDs on a page where Prototype.js replaced Array.from with its $A (no mapping function)", () => {
    const from = Array.from;
    Array.from = ((items: ArrayLike<unknown>) => Array.prototype.slice.call(items)) as typeof Array.from;
    try {
      expect(uuidFromBytes(new Uint8Array(16).fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
      expect(new BrowserIdGenerator(() => ({ getRandomValues: (bytes) => bytes })).next()).toBe('00000000-0000-4000-8000-000000000000');
    } finally {
      Array.from = from;
    }
  });
});

describe('ConsoleLogger', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes warn to console.warn, error and fatal to console.error, the rest to console.debug', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const logger = new ConsoleLogger();
    logger.log({ time: 1, level: LogLevel.warn, message: 'w' });
    logger.log({ time: 1, level: LogLevel.error, message: 'e', content: { status: 503 } });
    logger.log({ time: 1, level: LogLevel.fatal, message: 'f' });
    logger.log({ time: 1, level: LogLevel.success, message: 's' });
    logger.log({ time: 1, level: LogLevel.trace, message: 't' });
    expect(warn.mock.calls).toEqual([[`${CONSOLE_PREFIX} w`]]);
    expect(error.mock.calls).toEqual([[`${CONSOLE_PREFIX} e`, { status: 503 }], [`${CONSOLE_PREFIX} f`]]);
    expect(debug.mock.calls).toEqual([[`${CONSOLE_PREFIX} s`], [`${CONSOLE_PREFIX} t`]]);
  });

  it('names what a wrapped error hides on the console line: the blocked script behind the spec\'s Exactag error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const blocked = new Error('The affiliate tracker script could not be loaded from https://cdn.example/tag.js');
    const wrapped = new Error('Exception has occurred during Exactag tracking', { cause: blocked });
    new ConsoleLogger().log({ time: 1, level: LogLevel.error, message: 'pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking', content: wrapped });
    expect(error.mock.calls).toEqual([
      [
        `${CONSOLE_PREFIX} pushInitialPageData has been executed with errors: Exception has occurred during Exactag tracking (caused by: The affiliate tracker script could not be loaded from https://cdn.example/tag.js)`,
        wrapped,
      ],
    ]);
  });

  it('skips entries below its minimum level', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    new ConsoleLogger(LogLevel.info).log({ time: 1, level: LogLevel.debug, message: 'quiet' });
    expect(debug).not.toHaveBeenCalled();
  });

  it('never throws, also when the console throws or is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {
      throw new Error('console broke');
    });
    expect(() => new ConsoleLogger().log({ time: 1, level: LogLevel.error, message: 'x' })).not.toThrow();
    expect(() => new ConsoleLogger(1, () => undefined).log({ time: 1, level: LogLevel.error, message: 'x' })).not.toThrow();
  });
});
