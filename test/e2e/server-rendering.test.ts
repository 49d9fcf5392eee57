/**
 * The support pages rendered on the server, in real Chromium against the reference backend: each
 * page's HTML already holds its screen, the support block, `<html lang>` and title in the site's
 * language before any script runs (also with JavaScript off); the browser then hydrates it without a
 * mismatch and without loading a texts chunk, and the page works as before.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BOOT_GUARD_CSP_SOURCE, BOOT_GUARD_SCRIPT } from '../../src/adapters/server/boot-guard';
import { SITES, type SiteCode } from '../../src/domain/support/sites';
import { launchChromium } from './support/chromium';
import { startSupportServer, type SupportServer } from './support/server';
import { textsOf, type TextOf } from './suite/site-texts';
import { newVisitorContext } from './suite/visitor';

interface ServerPage {
  readonly path: string;
  readonly site: SiteCode;
  readonly screen: 'contact' | 'cancellation';
}

const PAGES: readonly ServerPage[] = [
  { path: '/contact', site: 'de', screen: 'contact' },
  { path: '/contact?site=tr', site: 'tr', screen: 'contact' },
  { path: '/contact?site=hu&utm_source=newsletter', site: 'hu', screen: 'contact' },
  { path: '/service/customersupportfrontend/contact?site=ch_fr', site: 'ch_fr', screen: 'contact' },
  { path: '/m/contact', site: 'de', screen: 'contact' },
  { path: '/cancellation', site: 'de', screen: 'cancellation' },
  { path: '/m/cancellation?site=at', site: 'at', screen: 'cancellation' },
];

let browser: Browser;
let server: SupportServer;
let scriptless: BrowserContext;
let visitor: BrowserContext;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
  scriptless = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  visitor = await newVisitorContext(browser, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const heading = (t: TextOf, page: ServerPage) => t(page.screen === 'contact' ? 'contact.heading' : 'cancellation.heading');
const title = (t: TextOf, page: ServerPage) =>
  t('common.documentTitle', { page: t(page.screen === 'contact' ? 'contact.title' : 'cancellation.title'), shopName: t('site.shopName') });

/** What a visitor sees of the page's screen and frame, checked with the page's own words. */
async function expectScreen(tab: Page, page: ServerPage, t: TextOf): Promise<void> {
  expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(heading(t, page));
  expect(await tab.evaluate(() => document.documentElement.lang)).toBe(SITES[page.site].documentLang);
  expect(await tab.title()).toBe(title(t, page));
  const support = tab.getByRole('complementary', { name: t('supportBlock.title') });
  expect(await support.getByRole('link', { name: t('site.phone') }).count()).toBe(1);
  expect(await tab.getByRole('link', { name: t('common.backToShop') }).count()).toBe(1);
  if (page.screen === 'contact') {
    for (const key of ['question', 'firstName', 'lastName', 'email']) {
      expect(await tab.getByLabel(t(`contact.${key}.label`), { exact: true }).count(), key).toBe(1);
    }
    expect(await tab.getByRole('button', { name: t('contact.submit') }).count()).toBe(1);
  }
}

/** The page's entry script, answered with a 404 while `broken` is set (a deploy took it). */
async function breakableEntry(tab: Page, broken: boolean): Promise<{ broken: boolean }> {
  const entry = { broken };
  await tab.route(/\/assets\/index-[^/]*\.js$/, (route) => (entry.broken ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  return entry;
}

/** The contact form's draft logic has loaded once its database exists (in a context that had none before). */
const draftLogicReady = (tab: Page) =>
  tab.waitForFunction(async () => (await indexedDB.databases()).some((db) => db.name === 'customer-support-drafts'));

/** Holds the tab's requests for `pattern` until `release()` (a slow line); `asked` resolves at the first of them. */
async function heldUntilReleased(tab: Page, pattern: RegExp): Promise<{ release: () => void; asked: Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let ask!: () => void;
  const asked = new Promise<void>((resolve) => (ask = resolve));
  await tab.route(pattern, async (route) => {
    ask();
    await released;
    return route.continue();
  });
  return { release, asked };
}

describe('the HTML the server answers', () => {
  it.for(PAGES)('holds the screen of $path in its site language, with inert hydration data', async (page) => {
    const t = await textsOf(page.site);
    const response = await fetch(server.url + page.path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<div id="root"><div class="app-shell">/);
    expect(html).toContain(`<html lang="${SITES[page.site].documentLang}">`);
    // Every script is a file of the build or data, but the boot guard the policy allows by its hash.
    for (const [, tag, body] of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)) {
      if (tag === '<script>') expect(body).toBe(BOOT_GUARD_SCRIPT);
      else expect(tag).toMatch(/type="module"[^>]*src="\/assets\/|type="application\/json" id="support-(router-data|texts)"/);
    }
    expect(response.headers.get('content-security-policy')).toContain(BOOT_GUARD_CSP_SOURCE);
    const texts = JSON.parse(/<script type="application\/json" id="support-texts">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
      site: string;
      dictionary: { contact: { heading: string } };
    };
    expect(texts.site).toBe(page.site);
    expect(texts.dictionary.contact.heading).toBe(t('contact.heading'));
  });

  it.for(PAGES)('shows the screen of $path with JavaScript turned off', async (page) => {
    const t = await textsOf(page.site);
    const tab = await scriptless.newPage();
    try {
      await tab.goto(server.url + page.path);
      await expectScreen(tab, page, t);
      if (page.screen === 'contact') {
        // The send button, which cannot work without the script, looks unavailable, not ready to press.
        const look = await tab.getByRole('button', { name: t('contact.submit') }).evaluate((button) => {
          const style = getComputedStyle(button);
          return { disabled: (button as HTMLButtonElement).disabled, opacity: Number(style.opacity), cursor: style.cursor };
        });
        expect(look).toMatchObject({ disabled: true, cursor: 'not-allowed' });
        expect(look.opacity).toBeLessThan(1);
      }
    } finally {
      await tab.close();
    }
  });
});

describe('hydration in the browser', () => {
  it.for(PAGES)('takes over $path without a mismatch, an error, or a texts chunk', async (page) => {
    const t = await textsOf(page.site);
    const tab = await visitor.newPage();
    const problems: string[] = [];
    const textChunks: string[] = [];
    tab.on('console', (message) => {
      // The browser asks for /favicon.ico on its own; the build has none (a plain 404).
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) problems.push(message.text());
    });
    tab.on('pageerror', (error) => problems.push(error.message));
    tab.on('request', (request) => {
      if (/\/assets\/texts-/.test(request.url())) textChunks.push(request.url());
    });
    // The server's heading, taken when the document is parsed (before the page's script runs).
    await tab.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') Object.assign(window, { serverHeading: document.querySelector('h1') });
      });
    });
    try {
      await tab.goto(server.url + page.path);
      // The tracker is installed after the first commit: hydration is done by then.
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      await expectScreen(tab, page, t);
      // Hydrated in place: the heading on screen is still the server's element, not a new one.
      const keptInPlace = await tab.evaluate(() => {
        const { serverHeading } = window as { serverHeading?: Element | null };
        return serverHeading != null && serverHeading.isConnected && serverHeading === document.querySelector('h1');
      });
      expect(keptInPlace).toBe(true);
      expect(problems).toEqual([]);
      expect(textChunks).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  it('reloads once when the chunk of a page shown is missing (a new build), then takes the page over', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    let refused = 0;
    await tab.route(/\/assets\/cancellation-page-[^/]*\.js$/, async (route) => {
      if (refused++ === 0) await route.fulfill({ status: 404, body: 'gone' });
      else await route.continue();
    });
    const loads: string[] = [];
    tab.on('load', () => loads.push(new URL(tab.url()).pathname));
    try {
      await tab.goto(`${server.url}/cancellation`);
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      await expectScreen(tab, PAGES.find((page) => page.path === '/cancellation')!, t);
      // Refused once, asked for again after the one reload.
      expect(refused).toBeGreaterThan(1);
      expect(loads).toEqual(['/cancellation', '/cancellation']);
    } finally {
      await tab.close();
    }
  });

  it('shows the screen of the address, once, when the address changed to another screen of the page before its script took the page over (Back or Forward pressed quickly)', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    // The cancellation screen's chunk, which the page's script loads before it takes the page over.
    const { release: arrive, asked: chunkAsked } = await heldUntilReleased(tab, /\/assets\/cancellation-page-[^/]*\.js$/);
    try {
      await tab.goto(`${server.url}/cancellation?site=de`, { waitUntil: 'commit' });
      await chunkAsked;
      // The history entry of the page's success screen (made by this document before it was reloaded).
      await tab.evaluate(() => history.pushState(null, '', '/cancellation/success?site=de'));
      arrive();
      await tab.getByRole('heading', { level: 1, name: t('cancellation.successTitle'), exact: true }).waitFor();
      expect(await tab.getByRole('main').count()).toBe(1);
      expect(await tab.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await tab.getByRole('heading', { name: t('cancellation.heading'), exact: true }).count()).toBe(0);
    } finally {
      arrive();
      await tab.close();
    }
  });

  it('keeps what was typed into the server\'s form as the draft when the address moved to another screen before the script took over: the form shown later brings it back', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    const { release: arrive } = await heldUntilReleased(tab, /\/assets\/index-[^/]*\.js$/);
    try {
      await tab.goto(`${server.url}/contact?site=de`, { waitUntil: 'commit' });
      await tab.locator('#contact-question').fill('Getippt, bevor das Skript kam');
      // Back to an entry of this document (a not-found screen the shopper came from) before the script came.
      await tab.evaluate(() => history.pushState(null, '', '/agb.pdf?site=de'));
      arrive();
      await tab.getByRole('link', { name: t('error.toContact') }).click();
      await tab.getByText(t('contact.draftRestored')).waitFor();
      expect(await tab.locator('#contact-question').inputValue()).toBe('Getippt, bevor das Skript kam');
    } finally {
      arrive();
      await tab.close();
    }
  });

  it('shows one page, the address\'s, and keeps what was typed, when Back is pressed while the app takes the server\'s page over', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    // Back, the moment the app makes its router for the first render (after the address was checked,
    // before it is mounted), to the not-found screen this document showed before the reload.
    await tab.addInitScript(() => {
      let data: unknown;
      Object.defineProperty(window, '__staticRouterHydrationData', {
        configurable: true,
        get: () => data,
        set: (value: unknown) => {
          data = value;
          if (value !== undefined && location.pathname === '/contact' && sessionStorage.getItem('back-at-start') === 'armed') {
            sessionStorage.setItem('back-at-start', 'done');
            history.back();
          }
        },
      });
    });
    try {
      await tab.goto(`${server.url}/agb.pdf?site=de`);
      await tab.getByRole('link', { name: t('error.toContact') }).click();
      await tab.locator('#contact-question').waitFor();
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      await tab.evaluate(() => sessionStorage.setItem('back-at-start', 'armed'));
      const { release: arrive } = await heldUntilReleased(tab, /\/assets\/index-[^/]*\.js$/);
      await tab.reload({ waitUntil: 'commit' });
      await tab.locator('#contact-question').fill('Getippt, bevor die Seite fertig war');
      arrive();
      await tab.waitForFunction(() => sessionStorage.getItem('back-at-start') === 'done');
      await tab.getByRole('heading', { level: 1, name: t('error.notFoundTitle'), exact: true }).waitFor();
      await tab.waitForTimeout(500);
      expect(new URL(tab.url()).pathname).toBe('/agb.pdf');
      expect(await tab.getByRole('main').count()).toBe(1);
      expect(await tab.getByRole('heading', { level: 1 }).count()).toBe(1);
      await tab.getByRole('link', { name: t('error.toContact') }).click();
      await tab.getByText(t('contact.draftRestored')).waitFor();
      expect(await tab.locator('#contact-question').inputValue()).toBe('Getippt, bevor die Seite fertig war');
    } finally {
      await tab.close();
    }
  });

  it('shows one page, the load-failure page in the site language, when the chunk of a page shown stays missing after the reload', async () => {
    const t = await textsOf('ch_fr');
    const tab = await visitor.newPage();
    await tab.route(/\/assets\/cancellation-page-[^/]*\.js$/, (route) => route.fulfill({ status: 500, body: 'err' }));
    try {
      await tab.goto(`${server.url}/cancellation?site=ch_fr`);
      await tab.getByRole('heading', { level: 1, name: t('error.loadFailedTitle') }).waitFor();
      expect(await tab.title()).toContain(t('error.loadFailedTitle'));
      expect(await tab.getByText(/Internal Server Error|500/).count()).toBe(0);
      expect(await tab.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await tab.getByRole('main').count()).toBe(1);
      expect(await tab.getByRole('main').getByText(t('error.loadFailed')).count()).toBe(1);
      expect(await tab.getByText(/assets\//).count()).toBe(0);
    } finally {
      await tab.close();
    }
  });

  it("keeps the server's page with the note while the chunk of a page shown stalls (a slow line), and takes it over when the chunk comes after all, however late", async () => {
    const t = await textsOf('de');
    const cancellation = PAGES.find((page) => page.path === '/cancellation')!;
    const tab = await visitor.newPage();
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await tab.route(/\/assets\/cancellation-page-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    try {
      await tab.goto(`${server.url}/cancellation`);
      const note = tab.getByRole('alert').filter({ hasText: t('error.loadFailed') });
      // After the chunk loader's 20 s: the note, over the server's form (before, an empty page for 20 s more).
      await note.waitFor({ timeout: 30_000 });
      await expectScreen(tab, cancellation, t);
      // Past the chunk loader's second wait too (a chunk that came after 40 s had been thrown away).
      await new Promise((resolve) => setTimeout(resolve, 22_000));
      expect(await tab.evaluate(() => 'collectOnTrackApi' in window)).toBe(false);
      await expectScreen(tab, cancellation, t);
      release();
      await tab.waitForFunction(() => 'collectOnTrackApi' in window, undefined, { timeout: 15_000 });
      await note.waitFor({ state: 'hidden' });
      await expectScreen(tab, cancellation, t);
    } finally {
      release();
      await tab.close();
    }
  }, 90_000);

  it('reloads once when the entry script itself cannot be loaded (503), then says so in the site language', async () => {
    const t = await textsOf('pl');
    const tab = await visitor.newPage();
    let refused = 0;
    await tab.route(/\/assets\/index-[^/]*\.js$/, (route) => {
      refused += 1;
      return route.fulfill({ status: 503, headers: { 'retry-after': '5' }, body: 'busy' });
    });
    // The reload comes before the first load event: the page requests tell.
    const pages: string[] = [];
    tab.on('request', (request) => {
      if (request.resourceType() === 'document') pages.push(new URL(request.url()).pathname);
    });
    try {
      await tab.goto(`${server.url}/contact?site=pl`);
      const note = tab.getByRole('alert').filter({ hasText: t('error.loadFailed') });
      await note.waitFor();
      expect(pages).toEqual(['/contact', '/contact']);
      expect(refused).toBe(2);
      // In view: the reload's scroll restoration kept the header in place, the note above the screen.
      await tab.waitForLoadState('load');
      await tab.waitForTimeout(300);
      expect(await note.evaluate((alert) => alert.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
      // The server's page stays as it was, with the note above it.
      expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(t('contact.heading'));
    } finally {
      await tab.close();
    }
  });

  it("says on the cancellation's note that the reload it asks for empties the form (it keeps no draft)", async () => {
    const t = await textsOf('ch_fr');
    const tab = await visitor.newPage();
    await tab.route(/\/assets\/index-[^/]*\.js$/, (route) => route.fulfill({ status: 503, body: 'busy' }));
    try {
      await tab.goto(`${server.url}/cancellation?site=ch_fr`);
      const note = tab.getByRole('alert').filter({ hasText: t('error.loadFailed') });
      await note.waitFor();
      expect(await note.textContent()).toBe(`${t('error.loadFailed')} ${t('cancellation.reloadEmpties')}`);
      expect(t('cancellation.reloadEmpties')).toContain('formulaire');
    } finally {
      await tab.close();
    }
  });

  it('shows the note in view of a shopper who typed far down the cancellation form, and its send button unavailable, not busy', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    await tab.setViewportSize({ width: 390, height: 700 });
    // The entry script comes late and fails: the shopper has typed meanwhile, so the page does not reload.
    let fail: () => void = () => undefined;
    const failed = new Promise<void>((resolve) => (fail = resolve));
    await tab.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      await failed;
      await route.fulfill({ status: 404, body: 'gone' });
    });
    try {
      // A module script holds DOMContentLoaded back: the page is used as soon as it shows.
      await tab.goto(`${server.url}/cancellation?site=de`, { waitUntil: 'commit' });
      const reason = tab.getByRole('textbox', { name: new RegExp(t('cancellation.reason.label')) });
      await reason.scrollIntoViewIfNeeded();
      await reason.pressSequentially('Umzug ins Ausland');
      const send = tab.getByRole('button', { name: t('cancellation.submit') });
      await send.scrollIntoViewIfNeeded();
      fail();
      const note = tab.getByRole('alert').filter({ hasText: t('error.loadFailed') });
      await note.waitFor();
      await tab.waitForTimeout(200);
      const box = await note.evaluate((alert) => alert.getBoundingClientRect().toJSON() as DOMRect);
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeLessThan(700);
      expect(await send.evaluate((button) => getComputedStyle(button).cursor)).toBe('not-allowed');
      expect(await reason.inputValue()).toBe('Umzug ins Ausland');
      // Back up the form by keyboard: each field it reaches shows below the note, not under it.
      for (let step = 0; step < 6; step += 1) {
        await tab.keyboard.press('Shift+Tab');
        const [noteBottom, fieldTop] = await tab.evaluate(() => [
          document.getElementById('support-boot-note')!.getBoundingClientRect().bottom,
          document.activeElement!.getBoundingClientRect().top,
        ]);
        expect(fieldTop, `step ${step + 1}`).toBeGreaterThanOrEqual(noteBottom);
      }
      // On paper it stands at the top of the first page, wherever the screen was scrolled.
      await tab.emulateMedia({ media: 'print' });
      expect(await note.evaluate((alert) => alert.getBoundingClientRect().top + window.scrollY)).toBeLessThan(1);
      await tab.emulateMedia({ media: 'screen' });
    } finally {
      await tab.close();
    }
  });

  it('does not reload the cancellation under a shopper in one of its fields: what is typed then stays, with the note', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    let fail: () => void = () => undefined;
    const failed = new Promise<void>((resolve) => (fail = resolve));
    let requests = 0;
    await tab.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      requests += 1;
      if (requests > 1) return route.continue();
      await failed;
      await route.fulfill({ status: 404, body: 'gone' });
    });
    try {
      await tab.goto(`${server.url}/cancellation?site=de`, { waitUntil: 'commit' });
      const customer = tab.getByRole('textbox', { name: new RegExp(t('cancellation.customerNumber.label')) });
      // In the field, nothing typed yet, when the entry script fails: the keys come a moment later.
      await customer.click();
      await tab.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      fail();
      await tab.waitForTimeout(2000);
      await tab.keyboard.type('0012 3456', { delay: 100 });
      await tab.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      expect(await tab.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(await customer.inputValue()).toBe('0012 3456');
      expect(requests).toBe(1);
    } finally {
      await tab.close();
    }
  });

  it('reloads once when the entry script arrives cut short (a broken cache or proxy: it does not parse), then says so', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    let served = 0;
    await tab.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      served += 1;
      const whole = await (await route.fetch()).text();
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: whole.slice(0, Math.floor(whole.length / 2)) });
    });
    const pages: string[] = [];
    tab.on('request', (request) => {
      if (request.resourceType() === 'document') pages.push(new URL(request.url()).pathname);
    });
    try {
      await tab.goto(`${server.url}/contact`);
      await tab.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      expect(pages).toEqual(['/contact', '/contact']);
      expect(served).toBe(2);
    } finally {
      await tab.close();
    }
  });

  it('does not reload a working page for a SyntaxError its scripts throw once it has loaded (a JSON.parse in a handler)', async () => {
    const tab = await visitor.newPage();
    const pages: string[] = [];
    tab.on('request', (request) => {
      if (request.resourceType() === 'document') pages.push(new URL(request.url()).pathname);
    });
    try {
      await tab.goto(`${server.url}/contact`, { waitUntil: 'load' });
      await tab.evaluate(() =>
        window.dispatchEvent(new ErrorEvent('error', { error: new SyntaxError('Unexpected token'), filename: `${location.origin}/assets/index-abc.js` })),
      );
      await tab.waitForTimeout(1500);
      expect(pages).toEqual(['/contact']);
      expect(await tab.locator('#support-boot-note').isHidden()).toBe(true);
    } finally {
      await tab.close();
    }
  });

  it('does not reload into the browser\'s error page when the entry script fails and the server does not answer: the note shows', async () => {
    const t = await textsOf('hu');
    const tab = await visitor.newPage();
    await tab.route(/\/assets\/index-[^/]*\.js$/, (route) => route.fulfill({ status: 503, body: 'busy' }));
    await tab.route('**/build.json?*', (route) => route.abort('connectionrefused'));
    const pages: string[] = [];
    tab.on('request', (request) => {
      if (request.resourceType() === 'document') pages.push(new URL(request.url()).pathname);
    });
    try {
      await tab.goto(`${server.url}/contact?site=hu`);
      await tab.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      expect(pages).toEqual(['/contact']);
    } finally {
      await tab.close();
    }
  });

  it('keeps what was typed before the entry script failed to load (a deploy): the reload brings it back as a draft', async () => {
    const t = await textsOf('sk');
    const tab = await visitor.newPage();
    let typed!: () => void;
    const typedIn = new Promise<void>((resolve) => (typed = resolve));
    let requests = 0;
    await tab.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      requests += 1;
      if (requests > 1) return route.continue();
      await typedIn;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    try {
      await tab.goto(`${server.url}/contact?site=sk`, { waitUntil: 'commit' });
      await tab.locator('#contact-question').fill('Kde je moja objednávka 4711?');
      await tab.locator('#contact-email').fill('erika@example.org');
      await tab.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      typed();
      await tab.getByText(t('contact.draftRestored')).waitFor();
      expect(await tab.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
      expect(await tab.locator('#contact-question').inputValue()).toBe('Kde je moja objednávka 4711?');
      expect(await tab.locator('#contact-email').inputValue()).toBe('erika@example.org');
      expect(requests).toBe(2);
    } finally {
      await tab.close();
    }
  });

  it('reloads for a failed entry script only once the shopper pauses typing, and gives the field its focus back', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    let started!: () => void;
    const typingStarted = new Promise<void>((resolve) => (started = resolve));
    let requests = 0;
    await tab.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      requests += 1;
      if (requests > 1) return route.continue();
      await typingStarted;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    try {
      await tab.goto(`${server.url}/contact?site=de`, { waitUntil: 'commit' });
      await tab.locator('#contact-question').click();
      const first = 'Meine Bestellung 4711 ';
      const rest = 'ist noch nicht da, bitte melden Sie sich.';
      await tab.keyboard.type(first, { delay: 40 });
      // The entry script fails while the shopper goes on typing (a key every 80 ms).
      started();
      await tab.keyboard.type(rest, { delay: 80 });
      await tab.getByText(t('contact.draftRestored')).waitFor();
      expect(await tab.locator('#contact-question').inputValue()).toBe(first + rest);
      // The keys typed next go on in the field, where the caret was.
      await tab.waitForFunction(() => document.activeElement?.id === 'contact-question');
      await tab.keyboard.type(' Danke.');
      expect(await tab.locator('#contact-question').inputValue()).toBe(`${first}${rest} Danke.`);
      expect(requests).toBe(2);
    } finally {
      await tab.close();
    }
  });

  it('shows what was typed on the page it reloaded before that page\'s script has come (a slow line), the field focused: what is typed then goes on after it', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    let typed!: () => void;
    const typedIn = new Promise<void>((resolve) => (typed = resolve));
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    let requests = 0;
    await tab.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      requests += 1;
      if (requests > 1) {
        await arrived;
        return route.continue();
      }
      await typedIn;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    try {
      await tab.goto(`${server.url}/contact?site=de`, { waitUntil: 'commit' });
      await tab.locator('#contact-email').fill('erika@example.org');
      await tab.locator('#contact-lastName').fill('Mustermann');
      await tab.locator('#contact-question').click();
      await tab.keyboard.type('Erster Teil.', { delay: 20 });
      await tab.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      typed();
      // The reloaded page is parsed; its entry script is still on its way.
      await tab.waitForFunction(() => document.readyState === 'interactive' && !(window as unknown as { samePage?: boolean }).samePage);
      await expect.poll(() => requests).toBe(2);
      expect(await tab.locator('#contact-question').inputValue()).toBe('Erster Teil.');
      expect(await tab.locator('#contact-email').inputValue()).toBe('erika@example.org');
      expect(await tab.locator('#contact-lastName').inputValue()).toBe('Mustermann');
      expect(await tab.evaluate(() => document.activeElement?.id)).toBe('contact-question');
      await tab.keyboard.type(' Zweiter Teil.');
      // The name the shopper emptied again stays empty: what the refilled fields hold is theirs.
      await tab.locator('#contact-lastName').fill('');
      arrive();
      await tab.getByText(t('contact.draftRestored')).waitFor();
      expect(await tab.locator('#contact-question').inputValue()).toBe('Erster Teil. Zweiter Teil.');
      expect(await tab.locator('#contact-email').inputValue()).toBe('erika@example.org');
      expect(await tab.locator('#contact-lastName').inputValue()).toBe('');
    } finally {
      arrive();
      await tab.close();
    }
  });

  it('shows what was typed again when the entry script fails after the reload too, and keeps what is typed then for the next load', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    let typed!: () => void;
    const typedIn = new Promise<void>((resolve) => (typed = resolve));
    let broken = true;
    await tab.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
      if (!broken) return route.continue();
      await typedIn;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    try {
      await tab.goto(`${server.url}/contact?site=de`, { waitUntil: 'commit' });
      await tab.locator('#contact-question').fill('Wo ist meine Bestellung 4711?');
      await tab.locator('#contact-firstName').fill('Jürgen');
      typed();
      await tab.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      // The reloaded page, still without its script, shows the entries again.
      expect(await tab.locator('#contact-question').inputValue()).toBe('Wo ist meine Bestellung 4711?');
      expect(await tab.locator('#contact-firstName').inputValue()).toBe('Jürgen');
      await tab.locator('#contact-lastName').fill('Müßig');
      broken = false;
      await tab.reload();
      await tab.getByText(t('contact.draftRestored')).waitFor();
      expect(await tab.locator('#contact-question').inputValue()).toBe('Wo ist meine Bestellung 4711?');
      expect(await tab.locator('#contact-firstName').inputValue()).toBe('Jürgen');
      expect(await tab.locator('#contact-lastName').inputValue()).toBe('Müßig');
    } finally {
      await tab.close();
    }
  });

  it('keeps the contact draft when another page of the site is left while it shows the load note', async () => {
    const t = await textsOf('de');
    // A visitor of its own: a draft an earlier test left would be restored while this one types.
    const own = await newVisitorContext(browser, server.url);
    const tab = await own.newPage();
    const entry = await breakableEntry(tab, false);
    try {
      await tab.goto(`${server.url}/contact?site=de`);
      await draftLogicReady(tab);
      await tab.locator('#contact-question').fill('Wo ist meine Bestellung 4711?');
      await tab.locator('#contact-firstName').fill('Erika');
      await tab.waitForTimeout(1500);
      entry.broken = true;
      await tab.goto(`${server.url}/cancellation?site=de`);
      await tab.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      entry.broken = false;
      await tab.goto(`${server.url}/contact?site=de`);
      await tab.getByText(t('contact.draftRestored')).waitFor();
      expect(await tab.locator('#contact-question').inputValue()).toBe('Wo ist meine Bestellung 4711?');
      expect(await tab.locator('#contact-firstName').inputValue()).toBe('Erika');
    } finally {
      await own.close();
    }
  });

  it('gives a tab whose untouched form showed the load note the draft another tab left', async () => {
    const t = await textsOf('de');
    const own = await newVisitorContext(browser, server.url);
    const [writer, reader] = [await own.newPage(), await own.newPage()];
    const entry = await breakableEntry(reader, true);
    try {
      await writer.goto(`${server.url}/contact?site=de`);
      await draftLogicReady(writer);
      await writer.locator('#contact-question').fill('Entwurf aus dem anderen Tab');
      await writer.waitForTimeout(1500);
      await reader.goto(`${server.url}/contact?site=de`);
      await reader.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      entry.broken = false;
      await reader.goto(`${server.url}/contact?site=de`);
      await reader.getByText(t('contact.draftRestored')).waitFor();
      expect(await reader.locator('#contact-question').inputValue()).toBe('Entwurf aus dem anderen Tab');
    } finally {
      await own.close();
    }
  });

  it('answers a press of the send button on the hydrated form with the summary, in the site language', async () => {
    const t = await textsOf('tr');
    const tab = await visitor.newPage();
    try {
      await tab.goto(`${server.url}/contact?site=tr`);
      await tab.getByRole('button', { name: t('contact.submit') }).click();
      await tab.getByText(t('contact.invalidForm')).first().waitFor();
      expect(new URL(tab.url()).pathname).toBe('/contact');
    } finally {
      await tab.close();
    }
  });

  it('does not tick the Turkish legal notice again when the shopper comes back from reading it', async () => {
    const t = await textsOf('tr');
    const tab = await visitor.newPage();
    try {
      await tab.goto(`${server.url}/contact?site=tr`);
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      await tab.getByLabel(t('contact.question.label'), { exact: true }).fill('Sipariş?');
      const consent = tab.getByRole('checkbox', { name: t('contact.legalConsent.label') });
      await consent.check();
      await tab.getByRole('link', { name: t('contact.privacy.link') }).click();
      await tab.waitForURL(/gizlilik/);
      await tab.goBack();
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      expect(await tab.getByLabel(t('contact.question.label'), { exact: true }).inputValue()).toBe('Sipariş?');
      expect(await consent.isChecked()).toBe(false);
    } finally {
      await tab.close();
    }
  });

  it('follows a later in-app navigation to another site as before', async () => {
    const tab = await visitor.newPage();
    try {
      await tab.goto(`${server.url}/contact`);
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      await tab.evaluate(() => {
        window.history.pushState(null, '', '/contact?site=ch_fr');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      const french = await textsOf('ch_fr');
      await tab.getByRole('heading', { level: 1, name: french('contact.heading') }).waitFor();
      expect(await tab.evaluate(() => document.documentElement.lang)).toBe('fr-CH');
    } finally {
      await tab.close();
    }
  });

  it('keeps what was typed, and the focus, when an extension had added to the form before the script took over (React renders it anew)', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    // The page's script arrives once the typing below is done, however long a busy machine takes for it.
    const { release: typed } = await heldUntilReleased(tab, /\/assets\/index-[^/]*\.js$/);
    // A password manager's icon beside the e-mail field, added once the document is parsed.
    await tab.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const icon = Object.assign(document.createElement('div'), { className: 'password-manager-icon' });
        document.querySelector('#contact-email')?.after(icon);
      });
    });
    try {
      await tab.goto(`${server.url}/contact?site=de`, { waitUntil: 'commit' });
      const question = tab.getByLabel(t('contact.question.label'), { exact: true });
      await question.click();
      await tab.keyboard.type('Wo bleibt meine Bestellung?');
      expect(await tab.evaluate(() => 'collectOnTrackApi' in window)).toBe(false);
      typed();
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      await expect.poll(() => question.inputValue()).toBe('Wo bleibt meine Bestellung?');
      expect(await question.evaluate((element) => element === document.activeElement)).toBe(true);
      await tab.keyboard.type(' Danke.');
      expect(await question.inputValue()).toBe('Wo bleibt meine Bestellung? Danke.');
      // The form's state has it: a blur shows no 'required' error for the question.
      await tab.keyboard.press('Tab');
      expect(await tab.getByText('Pflichtfeld: Bitte geben Sie Ihre Frage ein.').count()).toBe(0);
    } finally {
      await tab.close();
    }
  });

  it('keeps the caret where the shopper left it in the middle of the text while the script takes the page over', async () => {
    const t = await textsOf('de');
    const tab = await visitor.newPage();
    const { release: typed } = await heldUntilReleased(tab, /\/assets\/index-[^/]*\.js$/);
    try {
      await tab.goto(`${server.url}/contact?site=de`, { waitUntil: 'commit' });
      const question = tab.getByLabel(t('contact.question.label'), { exact: true });
      await question.click();
      await tab.keyboard.type('Hallo Welt');
      for (let step = 0; step < 4; step += 1) await tab.keyboard.press('ArrowLeft');
      typed();
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      await tab.keyboard.type('liebe ');
      expect(await question.inputValue()).toBe('Hallo liebe Welt');
    } finally {
      await tab.close();
    }
  });

  it('keeps what was entered before the script took over, and sends it', async () => {
    const t = await textsOf('tr');
    const tab = await visitor.newPage();
    // A slow network: the page's script arrives once the steps below have entered what they enter before
    // it, however long a busy machine takes for them.
    const { release: entered } = await heldUntilReleased(tab, /\/assets\/index-[^/]*\.js$/);
    try {
      await tab.goto(`${server.url}/contact?site=tr`, { waitUntil: 'commit' });
      // The send button, disabled until the script has taken over, looks so: faded, with the busy
      // pointer (it looked ready to press, and presses were silently dropped).
      const send = tab.getByRole('button', { name: t('contact.submit') });
      const look = () =>
        send.evaluate((button) => {
          const style = getComputedStyle(button);
          return { disabled: (button as HTMLButtonElement).disabled, opacity: Number(style.opacity), cursor: style.cursor };
        });
      await tab.waitForFunction(() => document.querySelector<HTMLLinkElement>('link[rel=stylesheet]')?.sheet != null);
      const waiting = await look();
      expect(waiting.disabled).toBe(true);
      expect(waiting.opacity).toBeLessThan(1);
      expect(waiting.cursor).toBe('progress');
      await tab.getByLabel(t('contact.question.label'), { exact: true }).fill('Siparişim 4711 nerede?');
      await tab.getByLabel(t('contact.firstName.label'), { exact: true }).fill('Ayşe');
      await tab.getByLabel(t('contact.topic.label'), { exact: true }).selectOption('delivery');
      await tab.getByLabel(t('contact.legalConsent.label'), { exact: true }).check();
      expect(await tab.evaluate(() => 'collectOnTrackApi' in window)).toBe(false);
      // Until the script has taken over, the send button is disabled: nothing can go out half-done.
      expect(await tab.getByRole('button', { name: t('contact.submit') }).isDisabled()).toBe(true);
      expect(await tab.locator('form').getAttribute('method')).toBe('post');

      entered();
      await tab.waitForFunction(() => 'collectOnTrackApi' in window);
      expect(await look()).toEqual({ disabled: false, opacity: 1, cursor: 'pointer' });
      await tab.getByLabel(t('contact.lastName.label'), { exact: true }).fill('Yılmaz');
      await tab.getByLabel(t('contact.email.label'), { exact: true }).fill('ayse.early@example.com');
      await tab.getByRole('button', { name: t('contact.submit') }).click();
      await tab.getByText(t('contact.success.text')).waitFor();
      const [row] = server.query<Record<string, unknown>>('SELECT * FROM contact_submissions WHERE email = ?', 'ayse.early@example.com');
      expect(row).toMatchObject({ site: 'tr', question: 'Siparişim 4711 nerede?', topic: 'delivery', first_name: 'Ayşe', legal_consent: 1 });
    } finally {
      await tab.close();
    }
  });
});
