import { DocumentCookieJar, serializeCookie } from '../../src/adapters/browser/document-cookie-jar';
import {
  AFFILIATE_DEVICE_COOKIE,
  LONG_TERM_TOKEN_COOKIE,
  SESSION_COOKIE,
  desktopPreference,
  TrackingCookies,
} from '../../src/adapters/browser/tracking-cookies';
import { CountingIdGenerator } from '../../src/adapters/memory/fixed-random';
import { MemoryCookieJar } from '../../src/adapters/memory/memory-cookie-jar';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger';
import { SimulatedClock } from '../../src/adapters/memory/simulated-clock';
import { isAppContext } from '../../src/domain/tracking/consent';
import { LogLevel } from '../../src/domain/tracking/log-buffer';

/** Every string assigned to document.cookie during the test, in order. */
function spyCookieWrites(): string[] {
  const writes: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
    writes.push(value);
    descriptor.set!.call(this, value);
  });
  return writes;
}

/** A document whose cookies stay `cookies` whatever is written (the browser drops the writes without an error). */
const ignoringWrites = (cookies: string): Document =>
  ({
    location: { hostname: 'shop.test' },
    get cookie(): string {
      return cookies;
    },
    set cookie(_value: string) {},
  }) as unknown as Document;

const clearCookies = () => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
};

const trackingCookies = (jar = new DocumentCookieJar()) => {
  const logs: { level: number; message: string }[] = [];
  const cookies = new TrackingCookies(jar, new SimulatedClock(0), new CountingIdGenerator('gen-'), (level, message) =>
    logs.push({ level, message }),
  );
  return { cookies, logs };
};

afterEach(() => {
  vi.restoreAllMocks();
  clearCookies();
});

describe('DocumentCookieJar', () => {
  it('writes Max-Age 2592000 (30 days), Path=/ and SameSite=Lax by default, percent-encoded', () => {
    const writes = spyCookieWrites();
    new DocumentCookieJar().set('note', 'a b;c=d');
    expect(writes).toEqual(['note=a%20b%3Bc%3Dd; Max-Age=2592000; Path=/; SameSite=Lax']);
  });

  it('reads back the decoded value', () => {
    const jar = new DocumentCookieJar();
    jar.set('note', 'ä ö;ü={"x":1}');
    expect(jar.get('note')).toBe('ä ö;ü={"x":1}');
    expect(jar.get('missing')).toBeUndefined();
  });

  it('writes Domain, Secure and SameSite when asked, and a removal with Max-Age=0', () => {
    const writes = spyCookieWrites();
    const jar = new DocumentCookieJar();
    jar.set('x', '1', { maxAgeSeconds: 60, path: '/shop', domain: '.kaffeeshop.de', secure: true, sameSite: 'Strict' });
    jar.remove('x');
    expect(writes).toEqual([
      'x=1; Max-Age=60; Path=/shop; Domain=.kaffeeshop.de; Secure; SameSite=Strict',
      'x=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });

  it('writes every cookie Secure on an https page: a plain-http request or a network attacker neither reads nor sets them', () => {
    const written: string[] = [];
    const https = {
      location: { hostname: 'www.kaffeeshop.de', protocol: 'https:' },
      get cookie(): string {
        return written.map((cookie) => cookie.split(';')[0]).join('; ');
      },
      set cookie(value: string) {
        written.push(value);
      },
    } as unknown as Document;
    const cookies = new TrackingCookies(new DocumentCookieJar(() => https), new SimulatedClock(0), new CountingIdGenerator('gen-'), () => undefined);
    cookies.sessionId();
    expect(written).toEqual(['cot_session=gen-1; Max-Age=1800; Path=/; Secure; SameSite=Lax']);
    // On http (a shop's development host) Secure would drop them: not there.
    new DocumentCookieJar().set('note', '1');
    expect(document.cookie).toContain('note=1');
  });

  it('always adds Secure to SameSite=None, which browsers require', () => {
    expect(serializeCookie('x', '1', { sameSite: 'None' })).toBe('x=1; Max-Age=2592000; Path=/; Secure; SameSite=None');
  });

  it('reads cookies written by others, raw, quoted or with a malformed escape', () => {
    document.cookie = 'OptanonConsent=groups%3DC0001%3A1%2CC0003%3A1; Path=/';
    document.cookie = 'quoted="abc"; Path=/';
    document.cookie = 'broken=100%; Path=/';
    const jar = new DocumentCookieJar();
    expect(jar.get('OptanonConsent')).toBe('groups=C0001:1,C0003:1');
    expect(jar.get('quoted')).toBe('abc');
    expect(jar.get('broken')).toBe('100%');
  });

  it('reads nothing and throws nothing when the document refuses cookies', () => {
    const refusing = {
      get cookie(): string {
        throw new DOMException('denied', 'SecurityError');
      },
      set cookie(_value: string) {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Document;
    const jar = new DocumentCookieJar(() => refusing);
    expect(jar.get('x')).toBeUndefined();
    expect(() => jar.set('x', '1')).not.toThrow();
  });

  it('warns once when the browser drops the cookies it is given without a word (a frame whose third-party cookies are blocked)', () => {
    const logger = new MemoryLogger();
    const jar = new DocumentCookieJar(() => ignoringWrites(''), logger);
    jar.set('cot_session', 's1');
    jar.set('cot_session', 's2');
    expect(logger.messages()).toEqual(['Cookies unavailable.']);

    const kept = new MemoryLogger();
    const working = new DocumentCookieJar(undefined, kept);
    working.set('cot_session', 's1');
    working.remove('cot_session');
    expect(kept.messages()).toEqual([]);

    // Only the one written is missing (a cookie of its name the script cannot overwrite): no block.
    const shadowed = new MemoryLogger();
    new DocumentCookieJar(() => ignoringWrites('OptanonConsent=groups%3DC0001%3A1'), shadowed).set('cot_session', 's1');
    expect(shadowed.messages()).toEqual([]);
  });
});

describe('TrackingCookies', () => {
  it('reads the active consent groups from OptanonConsent', () => {
    document.cookie = 'OptanonConsent=isGpcEnabled=0&groups=C0001%3A1%2CC0002%3A0%2CC0003%3A1%2CC0004%3A0; Path=/';
    expect([...trackingCookies().cookies.consentGroups()]).toEqual(['C0001', 'C0003']);
  });

  it('reads the groups of the consent itself, not a groups parameter inside the encoded landing page address', () => {
    const landingPath = encodeURIComponent('https://www.kaffee.test/?utm_source=mail&groups=C0003:1,C0004:1');
    document.cookie = `OptanonConsent=isGpcEnabled=0&landingPath=${landingPath}&groups=C0001%3A1%2CC0002%3A0%2CC0003%3A0%2CC0004%3A0; Path=/`;
    expect([...trackingCookies().cookies.consentGroups()]).toEqual(['C0001']);
    const sortedLanding = encodeURIComponent('https://www.kaffee.test/kaffee?sort=price&groups=arabica');
    document.cookie = `OptanonConsent=landingPath=${sortedLanding}&groups=C0001%3A1%2CC0003%3A1%2CC0004%3A1; Path=/`;
    expect([...trackingCookies().cookies.consentGroups()]).toEqual(['C0001', 'C0003', 'C0004']);
  });

  it('grants a group only when each of two consent cookies grants it (one for the host, one for the shop domain)', () => {
    const GRANTED = 'OptanonConsent=isGpcEnabled=0&groups=C0001%3A1%2CC0003%3A1%2CC0004%3A1';
    const REFUSED = 'OptanonConsent=isGpcEnabled=0&groups=C0001%3A1%2CC0003%3A0%2CC0004%3A1';
    // The browser lists the older cookie first: a later refusal must not hide behind it, nor a later grant win over it.
    for (const both of [`${GRANTED}; ${REFUSED}`, `${REFUSED}; ${GRANTED}`]) {
      const cookies = trackingCookies(new DocumentCookieJar(() => ignoringWrites(`cot_session=s1; ${both}`))).cookies;
      expect([...cookies.consentGroups()]).toEqual(['C0001', 'C0004']);
    }
    expect(new DocumentCookieJar(() => ignoringWrites(`a=1; ${GRANTED}; ${REFUSED}`)).getAll('OptanonConsent', { raw: true })).toEqual([
      GRANTED.slice('OptanonConsent='.length),
      REFUSED.slice('OptanonConsent='.length),
    ]);
  });

  it('has no consent groups without the cookie', () => {
    expect(trackingCookies().cookies.consentGroups().size).toBe(0);
  });

  it('reads the cashback partner from the cashback_attribution JSON', () => {
    new DocumentCookieJar().set('cashback_attribution', JSON.stringify({ partner: 'loyalty-cashback-partner', ts: 1 }));
    expect(trackingCookies().cookies.cashbackPartner()).toBe('loyalty-cashback-partner');
  });

  it('writes ttruth_uid only with C0003, Secure and SameSite=None, and creates it once', () => {
    const writes = spyCookieWrites();
    const { cookies } = trackingCookies();
    expect(cookies.writeUniqueUserId(new Set(['C0001', 'C0004']))).toBeUndefined();
    expect(writes.filter((w) => w.startsWith('ttruth_uid='))).toEqual([]);

    expect(cookies.writeUniqueUserId(new Set(['C0001', 'C0003']))).toBe('gen-1');
    expect(writes.filter((w) => w.startsWith('ttruth_uid='))).toEqual([
      'ttruth_uid=gen-1; Max-Age=2592000; Path=/; Secure; SameSite=None',
    ]);
  });

  it('removes a ttruth_uid of a parent domain too once C0003 is gone (set by the collector\'s answer or another shop subdomain)', () => {
    const writes: string[] = [];
    const page = {
      location: { hostname: 'shop.www.kaffee.test' },
      get cookie() {
        return 'ttruth_uid=parent-uid';
      },
      set cookie(value: string) {
        writes.push(value);
      },
    } as unknown as Document;
    const cookies = new TrackingCookies(new DocumentCookieJar(() => page), new SimulatedClock(0), new CountingIdGenerator(), () => undefined);
    expect(cookies.writeUniqueUserId(new Set(['C0001']))).toBeUndefined();
    expect(writes).toEqual([
      'ttruth_uid=; Max-Age=0; Path=/; Secure; SameSite=None',
      'ttruth_uid=; Max-Age=0; Path=/; Domain=shop.www.kaffee.test; Secure; SameSite=None',
      'ttruth_uid=; Max-Age=0; Path=/; Domain=www.kaffee.test; Secure; SameSite=None',
      'ttruth_uid=; Max-Age=0; Path=/; Domain=kaffee.test; Secure; SameSite=None',
    ]);
  });

  it('keeps an existing ttruth_uid instead of creating another, and writes it again: 30 days from this visit', () => {
    const jar = new MemoryCookieJar({ ttruth_uid: 'known-visitor' });
    const cookies = new TrackingCookies(jar, new SimulatedClock(0), new CountingIdGenerator(), () => undefined);
    expect(cookies.writeUniqueUserId(new Set(['C0003']))).toBe('known-visitor');
    expect(jar.writes).toEqual([{ name: 'ttruth_uid', value: 'known-visitor', options: { secure: true, sameSite: 'None' } }]);
  });

  it('removes ttruth_uid (with its Secure and SameSite=None attributes) once C0003 is gone, and leaves it alone when told not to write', () => {
    const writes = spyCookieWrites();
    const { cookies } = trackingCookies();
    expect(cookies.writeUniqueUserId(new Set(['C0003']), false)).toBeUndefined();
    expect(writes.filter((w) => w.startsWith('ttruth_uid='))).toEqual([]);
    expect(cookies.writeUniqueUserId(new Set(['C0003']))).toBe('gen-1');
    expect(cookies.writeUniqueUserId(new Set(['C0003']), false)).toBe('gen-1');
    expect(cookies.writeUniqueUserId(new Set(['C0001']))).toBeUndefined();
    expect(writes.filter((w) => w.startsWith('ttruth_uid='))).toEqual([
      'ttruth_uid=gen-1; Max-Age=2592000; Path=/; Secure; SameSite=None',
      'ttruth_uid=; Max-Age=0; Path=/; Secure; SameSite=None',
    ]);
    expect(new DocumentCookieJar().get('ttruth_uid')).toBeUndefined();
    cookies.writeUniqueUserId(new Set(['C0001']));
    expect(writes.filter((w) => w.startsWith('ttruth_uid='))).toHaveLength(2);
  });

  it('creates cot_session with a lifetime of 1800 s, then reuses it and refreshes the 1800 s', () => {
    const writes = spyCookieWrites();
    const { cookies } = trackingCookies();
    expect(cookies.sessionId()).toBe('gen-1');
    expect(cookies.sessionId()).toBe('gen-1');
    expect(writes).toEqual([
      'cot_session=gen-1; Max-Age=1800; Path=/; SameSite=Lax',
      'cot_session=gen-1; Max-Age=1800; Path=/; SameSite=Lax',
    ]);
    expect(new DocumentCookieJar().get(SESSION_COOKIE)).toBe('gen-1');
  });

  it('reads sub, lid and tid of the long-term token', () => {
    new DocumentCookieJar().set(LONG_TERM_TOKEN_COOKIE, JSON.stringify({ sub: 's-1', lid: 'l-2', tid: 't-3', other: 'x' }));
    const { cookies, logs } = trackingCookies();
    expect(cookies.longTermToken()).toEqual({ sub: 's-1', lid: 'l-2', tid: 't-3' });
    expect(logs).toEqual([]);
  });

  it('hands the customer-data service the long-term token as the cookie holds it, whatever its encoding', () => {
    for (const stored of ['%7B%22sub%22%3A%22J%C3%BCrgen%22%7D', '{"sub":"S1","src":"a%22b"}']) {
      document.cookie = `${LONG_TERM_TOKEN_COOKIE}=${stored}; Path=/`;
      expect(trackingCookies().cookies.longTermTokenValue()).toBe(stored);
    }
  });

  it('reads the cashback partner from the attribution JSON as stored, raw with percent signs in it, or URL-encoded', () => {
    const partner = 'loyalty-cashback-partner';
    for (const stored of [
      `{"partner":"${partner}","landing":"https://www.kaffeeshop.de/?q=%22bohne%22"}`,
      encodeURIComponent(JSON.stringify({ partner, ts: 1 })),
      `{"partner":"${partner}","share":"5%"}`,
    ]) {
      document.cookie = `cashback_attribution=${stored}; Path=/`;
      expect(trackingCookies().cookies.cashbackPartner()).toBe(partner);
    }
  });

  it('logs an unparseable long-term token and yields nothing', () => {
    new DocumentCookieJar().set(LONG_TERM_TOKEN_COOKIE, '{broken');
    const { cookies, logs } = trackingCookies();
    expect(cookies.longTermToken()).toEqual({});
    expect(logs).toEqual([{ level: LogLevel.warn, message: 'The long-term token cookie could not be parsed.' }]);
  });

  it('reads the per-site desktop cookie as the visitor choosing the desktop view', () => {
    const jar = new MemoryCookieJar({ DE_hun_dsk: '1', AT_hun_dsk: '0', CH_FR_hun_dsk: 'true' });
    expect(desktopPreference(jar, 'de')).toBe(true);
    expect(desktopPreference(jar, 'at')).toBe(false);
    expect(desktopPreference(jar, 'ch_fr')).toBe(true);
    expect(desktopPreference(jar, 'hu')).toBe(false);
  });

  it('reads the app-context signals that suppress web tracking', () => {
    const jar = new MemoryCookieJar({ platform: 'ios' });
    const cookies = new TrackingCookies(jar, new SimulatedClock(0), new CountingIdGenerator(), () => undefined);
    expect(isAppContext(cookies.appContextSignals())).toBe(true);
    jar.set('platform', 'web');
    expect(isAppContext(cookies.appContextSignals())).toBe(false);
    jar.set('cross_channel_app', '1');
    expect(isAppContext(cookies.appContextSignals())).toBe(true);
    jar.remove('cross_channel_app');
    expect(isAppContext(cookies.appContextSignals('smartphone'))).toBe(true);
  });

  it('reads the affiliate device cookie', () => {
    const jar = new MemoryCookieJar({ [AFFILIATE_DEVICE_COOKIE]: 'dev-42' });
    const cookies = new TrackingCookies(jar, new SimulatedClock(0), new CountingIdGenerator(), () => undefined);
    expect(cookies.affiliateDeviceId()).toBe('dev-42');
  });
});
