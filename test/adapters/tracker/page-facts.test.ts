/**
 * What the tracker reads from the page reaches every destination: URL, path, UTM parameters, device
 * and screen, referrer class, environment and campaign id, the token and device cookies.
 */
import { MemoryAffiliateTracker } from '../../../src/adapters/memory/memory-affiliate-tracker';
import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { CONSENT_ALL, memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import type { InstallEnvironment } from '../../../src/app/tracker-types';
import { SHOP_ENDPOINTS } from './shop-endpoints';

const STAGING_PAGE = {
  href: 'https://shop.staging.kaffeeshop-test.net/m/kaffee?utm_source=news&utm_medium=mail&utm_campaign=c1',
  referrer: 'https://www.kaffeeshop.de/start',
  screenWidth: 390,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
};
const token = Buffer.from(JSON.stringify({ sub: 'S1', lid: 'L1', tid: 'T1' })).toString('base64url');

async function trackProductPage(environment: InstallEnvironment) {
  const deps = memoryTrackerDeps({
    cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL, cot_long_term_token: `h.${token}.s`, exactag_dc: 'DEV-1' }),
    http: new MemoryHttpClient(() => ({ status: 200, body: {} })),
    page: () => STAGING_PAGE,
  });
  const tracker = createTracker(deps, { site: 'DE', environment, ttruth: true, endpoints: SHOP_ENDPOINTS });
  await tracker.api.pushInitialPageData({ page_type: 'productdetail', page_name: 'p', exactag_site_group: 'Product View' });
  await tracker.api.pushEcommerceEvent({ event: 'view_item', ecommerce: { items: [{ item_id: '123456789' }] } });
  await deps.clock.advanceAsync(5000);
  const collected = deps.http.requests.filter((request) => request.method === 'POST').map((request) => request.body as Record<string, unknown>);
  return { deps, tracker, collected, messages: tracker.api.getLogs().map((entry) => entry.message) };
}

describe('the page as the tracker reads it', () => {
  it('goes into the page view, the collector payload and the affiliate call', async () => {
    const { deps, collected, messages } = await trackProductPage('staging');
    expect(deps.dataLayer.plainEntries()[0]).toMatchObject({
      event: 'pageview',
      page_path: '/kaffee',
      referrer_class: 'internal',
      screen_breakpoint: 'S',
      device_type: 'mobile',
      environment: 'staging',
    });
    expect(collected[0]).toMatchObject({
      url: STAGING_PAGE.href,
      hostname: 'shop.staging.kaffeeshop-test.net',
      page_path: '/kaffee',
      device_type: 'mobile',
      screen_size: '390',
      tcs_source: 'news',
      tcs_medium: 'mail',
      tcs_campaign: 'c1',
      custom_short_term_id: deps.cookies.get('cot_session'),
      token: { sub: 'S1', lid: 'L1', tid: 'T1' },
      // One collector for nine sites: which site and environment, and where the visitor came from.
      site: 'de',
      environment: 'staging',
      referrer_class: 'internal',
    });
    // Not live: the non-live campaign id; the device cookie goes along.
    expect(deps.affiliate.tracked[0]).toMatchObject({ cd: '5f3cde00000000000000000000000099', dc: 'DEV-1', pt: 'Product View' });
    expect(messages.filter((message) => message.includes('does not match the environment'))).toEqual([]);
  });

  it('warns when the configured environment is not the one the URL names, and uses the configured one', async () => {
    const { deps, messages } = await trackProductPage('production');
    expect(messages).toContain('The configured environment "production" does not match the environment "staging" derived from the URL.');
    expect(deps.affiliate.tracked[0]).toMatchObject({ cd: '5f3cde00000000000000000000000001' });
  });
});

describe('the page address sent to the collector and the log service', () => {
  it('leaves out the fragment (a sign-in token, a phone number) and an e-mail address in the path, and keeps the query', async () => {
    const href = 'https://www.kaffeeshop.de/konto/max.mustermann@example.org?utm_source=news#access_token=abc123&phone=01711234567';
    const deps = memoryTrackerDeps({
      cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
      http: new MemoryHttpClient(() => ({ status: 200, body: {} })),
      affiliate: new MemoryAffiliateTracker({ loadError: 'script blocked' }),
      page: () => ({ ...STAGING_PAGE, href }),
    });
    const tracker = createTracker(deps, { site: 'DE', environment: 'production', ttruth: true, endpoints: SHOP_ENDPOINTS });
    await tracker.api.pushInitialPageData({ page_type: 'account', page_name: 'konto', exactag_site_group: 'Content' }).catch(() => undefined);
    await deps.clock.advanceAsync(5000);
    const collected = deps.http.requests.filter((request) => request.method === 'POST' && !request.url.startsWith(SHOP_ENDPOINTS.remoteLogger));
    expect(collected[0]?.body).toMatchObject({ url: 'https://www.kaffeeshop.de/konto?utm_source=news', tcs_source: 'news' });
    expect(deps.http.sentTo(SHOP_ENDPOINTS.remoteLogger)[0]?.body).toMatchObject({ view: { url: 'https://www.kaffeeshop.de/konto?utm_source=news' } });
    expect(JSON.stringify(deps.http.requests)).not.toContain('access_token');
    expect(JSON.stringify(deps.http.requests)).not.toContain('mustermann');
  });
});

describe('the referrer class on a shop host the site table does not name', () => {
  it('counts the page\'s own host as internal, any other host as external', async () => {
    const classOf = async (referrer: string) => {
      const deps = memoryTrackerDeps({
        cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
        page: () => ({ ...STAGING_PAGE, href: 'https://www.coffee-and-home.example/kaffee', referrer }),
      });
      const tracker = createTracker(deps, { site: 'DE', exactag: false, endpoints: SHOP_ENDPOINTS });
      await tracker.api.pushInitialPageData({ page_type: 'category', page_name: 'kaffee' });
      return deps.dataLayer.plainEntries()[0]?.referrer_class;
    };
    expect(await classOf('https://www.coffee-and-home.example/start')).toBe('internal');
    expect(await classOf('https://coffee-and-home.example/')).toBe('internal');
    expect(await classOf('https://m.coffee-and-home.example/kaffee')).toBe('internal');
    expect(await classOf('https://www.search.example/?q=kaffee')).toBe('external');
  });
});

describe('/json/psdata', () => {
  it('is loaded at install and exposed for the page; not on localhost, where the log says why', async () => {
    const exposed: unknown[] = [];
    const psdata = { basket: { count: 2 } };
    const http = () => new MemoryHttpClient((request) => (request.url.endsWith('/json/psdata') ? { status: 200, body: psdata } : { status: 404 }));
    const shop = memoryTrackerDeps({ http: http(), exposePsdata: (data) => exposed.push(data) });
    createTracker(shop, { site: 'DE', exactag: false, endpoints: SHOP_ENDPOINTS });
    await shop.clock.advanceAsync(10);
    expect(shop.http.requests.filter((request) => request.url.endsWith('/json/psdata'))).toHaveLength(1);
    expect(exposed).toEqual([psdata]);

    const local = memoryTrackerDeps({ http: http(), exposePsdata: (data) => exposed.push(data), page: () => ({ ...STAGING_PAGE, href: 'http://localhost:5173/kaffee' }) });
    const tracker = createTracker(local, { site: 'DE', exactag: false, endpoints: SHOP_ENDPOINTS });
    await local.clock.advanceAsync(10);
    expect(local.http.requests.filter((request) => request.url.endsWith('/json/psdata'))).toEqual([]);
    expect(exposed).toHaveLength(1);
    expect(tracker.api.getLogs().map((entry) => entry.message)).toContain('No psdata available on localhost');
  });
});
