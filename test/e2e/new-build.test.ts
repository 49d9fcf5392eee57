/**
 * A tab left open while a new build is deployed, in real Chromium against the reference backend: the
 * page names its build, polls `/build.json?t=<time>` (the browser's clock is Playwright's, moved on by
 * hand), and once the answer names another build (the network stands in for the deploy: a changed
 * answer), an untouched page reloads when it is hidden; a page the visitor has typed into does not.
 * Visibility is set through `document.visibilityState` (a headless page is always shown).
 */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { startSupportServer, type SupportServer } from './support/server';

let browser: Browser;
let server: SupportServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const DEPLOYED = 'feedfacefeedface';

/** The contact page with a build file whose answer the test changes; the polls are recorded. */
async function openTab(consent = false, path = '/contact', heading = 'Wie können wir Ihnen helfen?'): Promise<{ page: Page; served: string; polls: string[]; deploy(): void }> {
  const context = await browser.newContext({ locale: 'de-DE' });
  if (consent) {
    const groups = encodeURIComponent('C0001:1,C0003:1,C0004:1');
    await context.addCookies([{ name: 'OptanonConsent', value: `isGpcEnabled=0&groups=${groups}`, url: server.url }]);
    // Other hosts (the affiliate tracker's placeholder CDN) answer nothing at once.
    await context.route((url) => url.origin !== server.url, (route) => route.fulfill({ status: 204 }));
  }
  const page = await context.newPage();
  await page.clock.install();
  const served = ((await (await fetch(`${server.url}/build.json`)).json()) as { buildId: string }).buildId;
  let latest = served;
  const polls: string[] = [];
  await page.route('**/build.json?*', async (route) => {
    polls.push(new URL(route.request().url()).pathname + new URL(route.request().url()).search);
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ buildId: latest }) });
  });
  // The watch is a chunk of its own, loaded when the page is idle (at the latest after 2 s).
  const watchLoaded = page.waitForResponse(/\/assets\/new-build-module-[^/]+\.js$/);
  await page.goto(`${server.url}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.clock.runFor(3000);
  await watchLoaded;
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return { page, served, polls, deploy: () => (latest = DEPLOYED) };
}

const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => value });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
const hide = (page: Page) => setVisibility(page, 'hidden');

const CONSENT_COOKIE = { name: 'OptanonConsent', value: `isGpcEnabled=0&groups=${encodeURIComponent('C0001:1,C0003:1,C0004:1')}` };

/** A tab (consenting unless told) whose page views, in every document it shows, are recorded in order by path. */
async function recordedTab(consent = true) {
  const context = await browser.newContext({ locale: 'de-DE' });
  if (consent) await context.addCookies([{ ...CONSENT_COOKIE, url: server.url }]);
  await context.route((url) => url.origin !== server.url, (route) => route.fulfill({ status: 204 }));
  const views: string[] = [];
  await context.exposeBinding('recordPageView', (_source, path: string) => void views.push(path));
  await context.addInitScript(() => {
    const layer: unknown[] = [];
    const push = layer.push.bind(layer);
    layer.push = (...entries: unknown[]) => {
      for (const entry of entries) {
        if ((entry as { event?: string } | null)?.event === 'pageview') {
          void (window as unknown as { recordPageView(path: string): Promise<void> }).recordPageView(location.pathname);
        }
      }
      return push(...entries);
    };
    Object.assign(window, { dataLayer: layer });
  });
  return { context, page: await context.newPage(), views };
}

/**
 * The not-found page, then its link to the contact form after a deploy the watch has not seen yet:
 * the old build's later parts of the contact page answer 404 once, and the page reloads for them.
 */
async function followToContactWithMissingChunks(page: Page, whenShown: () => Promise<unknown> = async () => {}) {
  const watchLoaded = page.waitForResponse(/\/assets\/new-build-module-[^/]+\.js$/);
  await page.goto(`${server.url}/agb.pdf?site=de`);
  await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
  await watchLoaded;
  await whenShown();
  let missing = 0;
  await page.route(/\/assets\/contact-(later|draft)-[^/]+\.js$/, (route) =>
    missing++ < 2 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue(),
  );
  const reloaded = page.waitForEvent('load');
  await page.getByRole('link', { name: 'Zum Kontaktformular' }).click();
  await reloaded;
  await page.getByRole('heading', { level: 1, name: 'Wie können wir Ihnen helfen?' }).waitFor();
  await page.waitForFunction(() => 'collectOnTrackApi' in window);
  expect(missing).toBeGreaterThan(0);
}

/** The German contact page, once its new-build watch has loaded. */
async function openGermanContactWithItsWatch(page: Page) {
  const watchLoaded = page.waitForResponse(/\/assets\/new-build-module-[^/]+\.js$/);
  await page.goto(`${server.url}/contact?site=de`);
  await page.getByRole('heading', { level: 1, name: 'Wie können wir Ihnen helfen?' }).waitFor();
  await watchLoaded;
}

/**
 * A switch to the Turkish site whose texts' chunk answers 404 once (a deploy the watch has not seen
 * yet): the page reloads for it. Returns how often the chunk was missing.
 */
async function switchToTurkishWithItsTextsMissing(page: Page): Promise<number> {
  let missing = 0;
  await page.route(/\/assets\/texts-tr-[^/]+\.js$/, (route) => (missing++ < 1 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
  const reloaded = page.waitForEvent('load');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/contact?site=tr');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await reloaded;
  await page.getByRole('heading', { level: 1, name: 'Size nasıl yardımcı olabiliriz?' }).waitFor();
  await page.waitForFunction(() => 'collectOnTrackApi' in window);
  await page.waitForTimeout(500);
  return missing;
}

describe('a tab open while a new build is deployed', () => {
  it('names its build, polls the latest-build file and reloads, untouched, once hidden', async () => {
    const { page, served, polls, deploy } = await openTab();
    expect(await page.locator('meta[name="support-build"]').getAttribute('content')).toBe(served);

    await page.clock.fastForward('05:00');
    await expect.poll(() => polls.length).toBe(1);
    expect(polls[0]).toMatch(/^\/build\.json\?t=\d+$/);
    await hide(page);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    deploy();
    await setVisibility(page, 'visible');
    await page.clock.fastForward('05:00');
    await expect.poll(() => polls.length).toBe(2);
    // Shown: nothing happens under the visitor's eyes.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);

    const reloaded = page.waitForEvent('load');
    await hide(page);
    await reloaded;
    await page.getByRole('heading', { level: 1, name: 'Wie können wir Ihnen helfen?' }).waitFor();
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(false);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('support-reloads') ?? '{}') as unknown)).toHaveProperty('/contact');
    await page.context().close();
  });

  it('does not track the view again on the page reloaded while hidden: the visitor goes on with the view tracked before', async () => {
    const { page, deploy } = await openTab(true);
    const pageViews = () => page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((entry) => entry.event === 'pageview').length);
    const trackerStarted = () => page.waitForFunction(() => 'collectOnTrackApi' in window);
    await trackerStarted();
    await expect.poll(pageViews).toBe(1);

    deploy();
    await page.clock.fastForward('05:00');
    const reloaded = page.waitForEvent('load');
    await hide(page);
    await reloaded;
    await page.getByRole('heading', { level: 1, name: 'Wie können wir Ihnen helfen?' }).waitFor();
    await page.clock.runFor(3000);
    await trackerStarted();
    await page.waitForTimeout(500);
    expect(await pageViews()).toBe(0);

    // A send's outcome waits for the page data (spec §4): it brings the view held back along.
    await page.getByLabel('Ihre Frage').fill('Wo bleibt mein Paket?');
    await page.getByLabel('Thema').selectOption({ label: 'Lieferung' });
    await page.getByLabel('Vorname').fill('Erika');
    await page.getByLabel('Nachname').fill('Muster');
    await page.getByLabel('E-Mail-Adresse').fill('erika@example.com');
    await page.getByRole('button', { name: 'Frage absenden' }).click();
    await page.getByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.').waitFor();
    const events = () =>
      page.evaluate(() => ((window as unknown as { dataLayer?: { event?: string; event_name?: string }[] }).dataLayer ?? []).map((entry) => entry.event_name ?? entry.event));
    await expect.poll(events).toEqual(expect.arrayContaining(['pageview', 'system_response']));
    expect(await pageViews()).toBe(1);

    // A reload the visitor makes is a new view, tracked.
    await page.reload();
    await page.clock.runFor(3000);
    await trackerStarted();
    await expect.poll(pageViews).toBe(1);
    await page.context().close();
  });

  it('does not track the view again on a page reloaded while hidden whose tracker comes only after the visitor moved on', async () => {
    const { page, deploy } = await openTab(true, '/agb.pdf?site=de', 'Page Not Found');
    const pageViews = () =>
      page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event?: string; page_path?: string }[] }).dataLayer ?? []).filter((entry) => entry.event === 'pageview').map((entry) => entry.page_path),
      );
    await page.waitForFunction(() => 'collectOnTrackApi' in window);
    await expect.poll(pageViews).toEqual(['/agb.pdf']);

    // The reloaded page's tracker comes late (a slow line): the visitor follows the link meanwhile.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/tracker-module-[^/]*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    deploy();
    await page.clock.fastForward('05:00');
    const reloaded = page.waitForEvent('load');
    await hide(page);
    await reloaded;
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await setVisibility(page, 'visible');
    await page.getByRole('link', { name: 'Zum Kontaktformular' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wie können wir Ihnen helfen?' }).waitFor();
    release();
    await page.clock.runFor(3000);
    await page.waitForFunction(() => 'collectOnTrackApi' in window);
    await expect.poll(pageViews).toEqual(['/contact']);
    await page.waitForTimeout(500);
    expect(await pageViews()).toEqual(['/contact']);
    await page.context().close();
  });

  it('tracks a view once when a missing chunk reloads a page whose view was tracked (a deploy the watch has not seen yet)', async () => {
    const { context, page, views } = await recordedTab();
    await followToContactWithMissingChunks(page, async () => expect.poll(() => views).toEqual(['/agb.pdf']));
    await page.waitForTimeout(500);
    expect(views).toEqual(['/agb.pdf', '/contact']);
    await context.close();
  });

  it("tracks a view once when a switch to another site reloads the page for its texts' missing chunk", async () => {
    const { context, page, views } = await recordedTab();
    await openGermanContactWithItsWatch(page);
    await expect.poll(() => views).toEqual(['/contact']);
    expect(await switchToTurkishWithItsTextsMissing(page)).toBe(1);
    expect(views).toEqual(['/contact']);
    await context.close();
  });

  it('tracks a view once when the visitor consents on the page and a missing chunk then reloads it', async () => {
    const { context, page, views } = await recordedTab(false);
    await openGermanContactWithItsWatch(page);
    await page.waitForFunction(() => 'collectOnTrackApi' in window);
    expect(views).toEqual([]);
    // The banner answered on this page: its waiting view is delivered now.
    await context.addCookies([{ ...CONSENT_COOKIE, url: server.url }]);
    await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' }));
    await expect.poll(() => views).toEqual(['/contact']);
    expect(await switchToTurkishWithItsTextsMissing(page)).toBe(1);
    expect(views).toEqual(['/contact']);
    await context.close();
  });

  it('tracks the view of a page reloaded for a missing chunk when consent comes only after the reload', async () => {
    const { context, page, views } = await recordedTab(false);
    await followToContactWithMissingChunks(page);
    expect(views).toEqual([]);
    // The banner answered: OneTrust writes its cookie and tells the data layer.
    await context.addCookies([{ ...CONSENT_COOKIE, url: server.url }]);
    await page.evaluate(() => (window as unknown as { dataLayer: unknown[] }).dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,C0004,' }));
    await expect.poll(() => views).toEqual(['/contact']);
    await context.close();
  });

  it('tracks a view once when a navigation after a known new build becomes a full load of its page', async () => {
    const { context, page, views } = await recordedTab();
    await page.clock.install();
    let latest = ((await (await fetch(`${server.url}/build.json`)).json()) as { buildId: string }).buildId;
    let toldDeployed = 0;
    await page.route('**/build.json?*', async (route) => {
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ buildId: latest }) });
      if (latest === DEPLOYED) toldDeployed += 1;
    });
    const watchLoaded = page.waitForResponse(/\/assets\/new-build-module-[^/]+\.js$/);
    await page.goto(`${server.url}/agb.pdf?site=de`);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await page.clock.runFor(3000);
    await watchLoaded;
    // The tracker (loaded when the page is idle) has sent the view: a busy machine takes its time.
    await expect.poll(() => views).toEqual(['/agb.pdf']);
    await page.getByRole('link', { name: 'Zum Kontaktformular' }).click();
    await page.getByRole('heading', { level: 1, name: 'Wie können wir Ihnen helfen?' }).waitFor();
    await expect.poll(() => views).toEqual(['/agb.pdf', '/contact']);

    latest = DEPLOYED;
    await page.clock.fastForward('05:00');
    await expect.poll(() => toldDeployed).toBeGreaterThan(0);
    // The watch reads the answer: a busy machine takes its time.
    await page.clock.runFor(1000);
    await page.waitForTimeout(500);
    const loaded = page.waitForEvent('load');
    await page.goBack();
    await loaded;
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await page.clock.runFor(3000);
    await page.waitForFunction(() => 'collectOnTrackApi' in window);
    await page.waitForTimeout(500);
    expect(views).toEqual(['/agb.pdf', '/contact', '/agb.pdf']);
    await context.close();
  });

  it('does not reload a cancellation confirmation left open past its 30 minutes: the reload could not show it again', async () => {
    const { page, polls, deploy } = await openTab(false, '/cancellation', 'Kaffee-Abo kündigen');
    await page.getByRole('radio', { name: 'Ordentliche Kündigung', exact: true }).check();
    for (const [label, value] of [['Kundennummer', '4711'], ['Kaffee-Abo-ID', 'ABO-1'], ['Vorname', 'Lena'], ['Nachname', 'Kaiser'], ['E-Mail-Adresse', 'lena.newbuild@example.org']]) {
      await page.getByRole('textbox', { name: label, exact: true }).fill(value as string);
    }
    await page.getByRole('button', { name: 'Kaffee-Abo kündigen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ihre Kündigung ist bei uns eingegangen' }).waitFor();
    deploy();
    await page.clock.fastForward('35:00');
    await expect.poll(() => polls.length).toBeGreaterThan(0);
    await hide(page);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await page.locator('main').textContent()).toContain('lena.newbuild@example.org');
    await page.context().close();
  });

  it('does not reload a page the visitor has typed into', async () => {
    const { page, polls, deploy } = await openTab();
    await page.getByLabel('Ihre Frage').fill('Wo bleibt mein Paket?');
    deploy();
    await page.clock.fastForward('05:00');
    await expect.poll(() => polls.length).toBe(1);
    await hide(page);
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    expect(await page.getByLabel('Ihre Frage').inputValue()).toBe('Wo bleibt mein Paket?');
    await page.context().close();
  });
});
