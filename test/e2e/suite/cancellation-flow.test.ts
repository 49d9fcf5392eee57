/**
 * The coffee-subscription cancellation on the four DACH sites in real Chromium against the reference
 * backend: the page view, the form filled in with the site's own labels, the request stored, the
 * success page with its page view, the GA4 event of the outcome, and the PDF confirmation downloaded.
 */
import { lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pagePath, type RoutePrefix } from '../../../src/domain/support/routes';
import type { DachSite } from '../../../src/domain/support/sites';
import { CHROMIUM_ARGS, chromiumPath, launchChromium } from '../support/chromium';
import { pdfTextLines } from '../support/pdf-text';
import { startSupportServer, type SupportServer } from '../support/server';
import { textsOf, type TextOf } from './site-texts';
import { autofill, axeViolations, dataLayerEntry, enabledButton, headingOf, newTab, newVisitorContext, open } from './visitor';

const EMITTER = 'customer-support-frontend';
const CANCELLATION_API = '**/service/customersupportfrontend/api/cancellation';

let browser: Browser;
let server: SupportServer;
let consenting: BrowserContext;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
  consenting = await newVisitorContext(browser, server.url, { consentCookie: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Visit {
  readonly site: DachSite;
  readonly prefix: RoutePrefix;
  readonly type: 'ordinary' | 'extraordinary';
  readonly locale: string;
}

const VISITS: readonly Visit[] = [
  { site: 'de', prefix: '', type: 'ordinary', locale: 'de-DE' },
  { site: 'at', prefix: '/m', type: 'extraordinary', locale: 'de-AT' },
  { site: 'ch', prefix: '/service/customersupportfrontend', type: 'ordinary', locale: 'de-CH' },
  { site: 'ch_fr', prefix: '/m', type: 'extraordinary', locale: 'fr-CH' },
];

async function openCancellation(visit: Visit, t: TextOf): Promise<Page> {
  const page = await newTab(consenting, visit.locale);
  await open(page, server.url, `${pagePath('cancellation', visit.prefix)}?site=${visit.site}`);
  expect(await headingOf(page)).toBe(t('cancellation.heading'));
  return page;
}

/** The box of the element showing exactly `text`, scrolled into view (coordinates a pointer can reach). */
async function shownBox(page: Page, text: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const element = page.getByText(text, { exact: true });
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  if (box === null) throw new Error(`"${text}" is not shown`);
  return box;
}

/** The tab of the support site a browser restored from its last session. */
async function restoredTab(context: BrowserContext, url: string): Promise<Page> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const tab = context.pages().find((page) => page.url().startsWith(url));
    if (tab) return tab;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the browser restored no tab of the site');
}

async function fillIn(page: Page, t: TextOf, visit: Visit, email: string): Promise<void> {
  await page.getByRole('radio', { name: t(`cancellation.type.${visit.type}`), exact: true }).check();
  await page.getByRole('textbox', { name: t('cancellation.customerNumber.label'), exact: true }).fill(' 0012 3456 ');
  await page.getByRole('textbox', { name: t('cancellation.subscriptionId.label'), exact: true }).fill(`ABO-${visit.site}`);
  await page.getByRole('textbox', { name: t('contact.firstName.label'), exact: true }).fill('Zoë');
  await page.getByRole('textbox', { name: t('contact.lastName.label'), exact: true }).fill('Groß-Şahin');
  await page.getByRole('textbox', { name: t('contact.email.label'), exact: true }).fill(email);
  if (visit.type === 'extraordinary') {
    await page.getByRole('textbox', { name: `${t('cancellation.reason.label')} ${t('cancellation.reason.requiredNote')}` }).fill('Umzug ins Ausland');
  }
}

/** Holds the page's entry script back (a slow line) until the returned function says the shopper has typed. */
async function entryScriptAfterTyping(context: BrowserContext): Promise<() => void> {
  let typed!: () => void;
  const typing = new Promise<void>((resolve) => (typed = resolve));
  await context.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await typing;
    await route.continue();
  });
  return typed;
}

describe('the cancellation on the DACH sites', () => {
  it.concurrent.for(VISITS)('$site ($type): page view, filled in, stored, success page, PDF confirmation', async (visit, { expect }) => {
    const t = await textsOf(visit.site);
    const page = await openCancellation(visit, t);
    try {
      expect(await dataLayerEntry(page, { event: 'pageview', emitter: EMITTER })).toMatchObject({ page_type: 'cancellation', page_name: 'cancellation' });
      expect(await axeViolations(page), 'axe on the form').toEqual([]);
      // A domain in other letters is shown and stored as typed: ß is a letter of its own in a domain
      // (maß.example is not mass.example), which Chromium's e-mail input would have turned into ss.
      const email =
        visit.site === 'at' ? 'at.cancel@bücher.example' : visit.site === 'de' ? 'de.cancel@maß.example' : `${visit.site}.cancel@example.org`;

      // An empty submit first: the summary names the type and every holder field.
      await (await enabledButton(page, t('cancellation.submit'))).click();
      const summary = page.getByRole('group', { name: t('contact.invalidForm') });
      await summary.waitFor();
      expect(await summary.getByRole('link').count()).toBe(6);
      expect(await axeViolations(page), 'axe with the errors shown').toEqual([]);

      await fillIn(page, t, visit, email);
      await page.getByRole('button', { name: t('cancellation.submit') }).click();
      await page.getByRole('heading', { level: 1, name: t('cancellation.success.heading') }).waitFor();
      expect(new URL(page.url()).pathname).toBe(pagePath('cancellation-success', visit.prefix));
      expect(await page.getByText(t('cancellation.success.text', { email }), { exact: true }).count()).toBe(1);
      expect(await dataLayerEntry(page, { event: 'pageview', page_name: 'cancellation success' })).toMatchObject({ page_type: 'cancellation' });
      expect(await dataLayerEntry(page, { event: 'ga4_event', event_name: 'system_response' })).toMatchObject({
        subject: 'cancellation_form',
        response_type: 'success',
        response_details: 'sent',
      });
      expect(await axeViolations(page), 'axe on the success page').toEqual([]);

      const rows = server.query<Record<string, unknown>>('SELECT * FROM cancellation_submissions WHERE email = ?', email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        site: visit.site,
        locale: visit.locale,
        cancellation_type: visit.type,
        reason: visit.type === 'extraordinary' ? 'Umzug ins Ausland' : null,
        customer_number: '0012 3456',
        subscription_id: `ABO-${visit.site}`,
        first_name: 'Zoë',
        last_name: 'Groß-Şahin',
      });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('cancellation.success.download') }).click()]);
      expect(download.suggestedFilename()).toBe(t('cancellation.pdf.fileName'));
      const bytes = await (await download.createReadStream()).toArray();
      const pdf = Buffer.concat(bytes as Buffer[]).toString('latin1');
      expect(pdf.startsWith('%PDF-')).toBe(true);
      const lines = pdfTextLines(pdf);
      // The shop that confirms, named above the title.
      for (const text of [t('site.shopName'), t('site.email'), t('cancellation.pdf.title'), t(`cancellation.pdf.subject.${visit.type}`), '0012 3456', email, 'Zoë', 'Groß-Şahin']) {
        expect(lines, text).toContain(text);
      }
      expect(lines.includes(t('cancellation.pdf.ordinaryNotice'))).toBe(visit.type === 'ordinary');
    } finally {
      await page.close();
    }
  });

  it('chooses an option when its description under the title is tapped on a phone, as its title does', async () => {
    const visit = VISITS[0]!;
    const t = await textsOf(visit.site);
    const phone = await newVisitorContext(browser, server.url, { consentCookie: true, viewport: { width: 320, height: 640 }, touch: true });
    const page = await phone.newPage();
    try {
      await open(page, server.url, `${pagePath('cancellation', visit.prefix)}?site=${visit.site}`);
      expect(await headingOf(page)).toBe(t('cancellation.heading'));
      /** Taps the middle of a description's last line: the title and the button are elsewhere. */
      const tapOn = async (text: string) => {
        const box = await shownBox(page, text);
        await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height - 4);
      };
      await tapOn(t('cancellation.type.extraordinaryHint'));
      expect(await page.getByRole('radio', { name: t('cancellation.type.extraordinary'), exact: true }).isChecked()).toBe(true);
      await tapOn(t('cancellation.type.ordinaryHint'));
      expect(await page.getByRole('radio', { name: t('cancellation.type.ordinary'), exact: true }).isChecked()).toBe(true);
    } finally {
      await phone.close();
    }
  });

  it('lets a mouse select an option\'s description to copy it, without choosing the option', async () => {
    const visit = VISITS[0]!;
    const t = await textsOf(visit.site);
    const page = await openCancellation(visit, t);
    try {
      const box = await shownBox(page, t('cancellation.type.ordinaryHint'));
      await page.mouse.move(box.x + 1, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 1, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
      expect(await page.evaluate(() => String(window.getSelection()))).not.toBe('');
      expect(await page.getByRole('radio', { name: t('cancellation.type.ordinary'), exact: true }).isChecked()).toBe(false);
    } finally {
      await page.close();
    }
  });

  it('comes back from another page with every entry of the unsent form: the type, the customer number and subscription id (looked up elsewhere), the names, the e-mail and the reason', async () => {
    const visit = VISITS[1]!;
    const t = await textsOf(visit.site);
    const page = await newTab(consenting, visit.locale);
    try {
      await open(page, server.url, `${pagePath('cancellation', visit.prefix)}?site=${visit.site}`);
      await page.waitForFunction(() => 'collectOnTrackApi' in window);
      await fillIn(page, t, visit, 'back@example.org');
      await page.getByRole('link', { name: t('cancellation.backHome') }).evaluate((link) => link.setAttribute('href', '/contact?site=at'));
      await page.getByRole('link', { name: t('cancellation.backHome') }).click();
      await page.waitForURL(/\/contact\?site=at$/);
      await page.goBack();
      await page.waitForFunction(() => 'collectOnTrackApi' in window);
      const box = (label: string) => page.getByRole('textbox', { name: label, exact: true });
      expect(await box(t('cancellation.customerNumber.label')).inputValue()).toBe(' 0012 3456 ');
      expect(await box(t('cancellation.subscriptionId.label')).inputValue()).toBe('ABO-at');
      expect(await box(t('contact.firstName.label')).inputValue()).toBe('Zoë');
      expect(await box(t('contact.lastName.label')).inputValue()).toBe('Groß-Şahin');
      expect(await box(t('contact.email.label')).inputValue()).toBe('back@example.org');
      expect(await page.getByRole('radio', { name: t('cancellation.type.extraordinary'), exact: true }).isChecked()).toBe(true);
      expect(await page.getByRole('textbox', { name: `${t('cancellation.reason.label')} ${t('cancellation.reason.requiredNote')}` }).inputValue()).toBe('Umzug ins Ausland');
    } finally {
      await page.close();
    }
  });

  it('comes back with every entry also when the browser kept the page\'s state before its pagehide listeners ran (Back right after a link to another site)', async () => {
    const visit = VISITS[0]!;
    const t = await textsOf(visit.site);
    const context = await newVisitorContext(browser, server.url, { consentCookie: true });
    try {
      // Chromium may take a page's form state for Back before the page's `pagehide` listeners run (a
      // navigation to another site): as if none ran.
      await context.addInitScript(() => window.addEventListener('pagehide', (event) => event.stopImmediatePropagation(), true));
      const page = await context.newPage();
      await open(page, server.url, `${pagePath('cancellation', visit.prefix)}?site=${visit.site}`);
      await page.waitForFunction(() => 'collectOnTrackApi' in window);
      await fillIn(page, t, visit, 'early@example.org');
      await page.getByRole('textbox', { name: `${t('cancellation.reason.label')} ${t('cancellation.reason.requiredNote')}` }).fill('egal');
      // The browser's periodic save of the page's state.
      await page.waitForTimeout(1500);
      await open(page, server.url, '/contact?site=de');
      await page.goBack();
      await page.waitForFunction(() => 'collectOnTrackApi' in window);
      const box = (label: string) => page.getByRole('textbox', { name: label, exact: true });
      expect(await box(t('cancellation.customerNumber.label')).inputValue()).toBe(' 0012 3456 ');
      expect(await box(t('cancellation.subscriptionId.label')).inputValue()).toBe('ABO-de');
      expect(await box(t('contact.firstName.label')).inputValue()).toBe('Zoë');
      expect(await box(t('contact.email.label')).inputValue()).toBe('early@example.org');
    } finally {
      await context.close();
    }
  });

  it.each(['mouse', 'click()'] as const)(
    'after a refused send, takes the type chosen by one %s and keeps the names an autofill tool put in without input events',
    async (how) => {
      const t = await textsOf('de');
      const page = await newTab(consenting, 'de-DE');
      try {
        await open(page, server.url, '/cancellation?site=de');
        await (await enabledButton(page, t('cancellation.submit'))).click();
        await page.getByText(t('contact.invalidForm'), { exact: true }).waitFor();
        // What some password managers do: values set through the element, no input or change event.
        const autofilled = { [t('contact.firstName.label')]: 'Max', [t('contact.lastName.label')]: 'Muster' };
        await autofill(page, autofilled);
        const extraordinary = page.getByRole('radio', { name: t('cancellation.type.extraordinary'), exact: true });
        // A mouse press, or a click without one (a screen reader's default action).
        if (how === 'mouse') await extraordinary.click();
        else await extraordinary.evaluate((radio: HTMLElement) => radio.click());
        await page.waitForTimeout(300);
        expect(await extraordinary.isChecked()).toBe(true);
        for (const [label, value] of Object.entries(autofilled)) {
          expect(await page.getByRole('textbox', { name: label, exact: true }).inputValue()).toBe(value);
        }
      } finally {
        await page.close();
      }
    },
  );

  it('keeps what was typed before the page\'s script started when a chunk then fails to load: no reload takes it away', async () => {
    const t = await textsOf('de');
    const context = await newVisitorContext(browser, server.url, { consentCookie: true });
    try {
      // A slow line: the entry script arrives after the shopper has typed; the page's chunk fails once.
      const typed = await entryScriptAfterTyping(context);
      let pageChunkRequests = 0;
      await context.route(/\/assets\/cancellation-page-[^/]*\.js$/, (route) => (pageChunkRequests++ === 0 ? route.abort('connectionreset') : route.continue()));
      const page = await context.newPage();
      await page.goto(`${server.url}/cancellation?site=de`, { waitUntil: 'commit' });
      const box = (label: string) => page.getByRole('textbox', { name: label, exact: true });
      await box(t('cancellation.customerNumber.label')).fill('4711');
      await box(t('contact.firstName.label')).fill('Anna');
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      typed();
      await page.waitForTimeout(4000);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(await box(t('cancellation.customerNumber.label')).inputValue()).toBe('4711');
      expect(await box(t('contact.firstName.label')).inputValue()).toBe('Anna');
    } finally {
      await context.close();
    }
  });

  it('keeps the server\'s form with what was typed, and says to reload, when the page\'s chunk never comes (a deploy removed it while the page loaded)', async () => {
    const t = await textsOf('de');
    const context = await newVisitorContext(browser, server.url, { consentCookie: true });
    try {
      const typed = await entryScriptAfterTyping(context);
      // The old build's file is gone: every request for it is answered 404.
      await context.route(/\/assets\/cancellation-page-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
      const page = await context.newPage();
      await page.goto(`${server.url}/cancellation?site=de`, { waitUntil: 'commit' });
      const box = (label: string) => page.getByRole('textbox', { name: label, exact: true });
      await page.getByRole('radio', { name: t('cancellation.type.extraordinary'), exact: true }).check();
      await box(t('cancellation.customerNumber.label')).fill('4711');
      await page.getByRole('textbox', { name: `${t('cancellation.reason.label')} ${t('cancellation.reason.requiredNote')}` }).fill('Schwere Krankheit');
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
      typed();
      await page.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      expect(await headingOf(page)).toBe(t('cancellation.heading'));
      expect(await box(t('cancellation.customerNumber.label')).inputValue()).toBe('4711');
      expect(await page.getByRole('textbox', { name: `${t('cancellation.reason.label')} ${t('cancellation.reason.requiredNote')}` }).inputValue()).toBe('Schwere Krankheit');
      expect(await page.getByRole('radio', { name: t('cancellation.type.extraordinary'), exact: true }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('leaves nothing of a sent cancellation to the next person on a shared computer: a browser restoring its last session brings back neither the success page’s details after 30 minutes nor the form’s values', async () => {
    const t = await textsOf('de');
    const profile = mkdtempSync(join(tmpdir(), 'restored-session-'));
    const start = () =>
      chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--restore-last-session'], locale: 'de-DE' });
    try {
      let context = await start();
      let page = context.pages()[0] ?? (await context.newPage());
      await page.clock.install();
      await open(page, server.url, '/cancellation?site=de');
      await enabledButton(page, t('cancellation.submit'));
      await fillIn(page, t, { ...VISITS[1]!, site: 'de', prefix: '' }, 'shared.computer@example.org');
      await page.getByRole('button', { name: t('cancellation.submit') }).click();
      await page.getByRole('heading', { level: 1, name: t('cancellation.success.heading') }).waitFor();
      // Left open past the time: the page still shows it, its history entry holds it no longer.
      await page.clock.fastForward('31:00');
      expect(await page.locator('main').textContent()).toContain('shared.computer@example.org');
      expect(JSON.stringify(await page.evaluate(() => history.state))).not.toContain('shared.computer@example.org');
      await open(page, server.url, '/contact?site=de');
      await context.close();
      // A browser still closing holds the profile: a second one started on it would hand over and quit.
      // The lock is a symlink to a name, not a file: `existsSync` follows it and never saw it.
      for (let waited = 0; waited < 15_000 && lstatSync(join(profile, 'SingletonLock'), { throwIfNoEntry: false }); waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      context = await start();
      page = await restoredTab(context, server.url);
      // The next person, an hour later.
      await page.clock.install({ time: Date.now() + 60 * 60 * 1000 });
      await page.goBack();
      await page.getByText(t('cancellation.success.none')).waitFor();
      expect(await page.locator('main').textContent()).not.toContain('shared.computer@example.org');
      expect(JSON.stringify(await page.evaluate(() => history.state))).not.toContain('Umzug ins Ausland');
      await page.goBack();
      await enabledButton(page, t('cancellation.submit'));
      const reason = page.getByRole('textbox', { name: `${t('cancellation.reason.label')} ${t('cancellation.reason.requiredNote')}` });
      for (const name of [t('contact.firstName.label'), t('contact.email.label')]) {
        expect(await page.getByRole('textbox', { name, exact: true }).inputValue(), name).toBe('');
      }
      expect(await reason.inputValue()).toBe('');
      await context.close();
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
  }, 150_000);

  it('asks to try the PDF again, not to reload, when the line dropped before its writer came; online again, the press downloads it', async () => {
    const visit = VISITS[0]!;
    const t = await textsOf(visit.site);
    const context = await newVisitorContext(browser, server.url, { consentCookie: true });
    const page = await newTab(context, visit.locale);
    try {
      await open(page, server.url, '/cancellation');
      // The line drops as the success page opens, before the PDF writer's file has come.
      await page.route(/\/assets\/pdf-module-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
      await enabledButton(page, t('cancellation.submit'));
      await fillIn(page, t, visit, 'de.offline-pdf@example.org');
      await page.getByRole('button', { name: t('cancellation.submit') }).click();
      await page.getByRole('heading', { level: 1, name: t('cancellation.success.heading') }).waitFor();
      await context.setOffline(true);
      await page.getByRole('button', { name: t('cancellation.success.download') }).click();
      await page.getByRole('alert').filter({ hasText: t('cancellation.success.downloadFailed') }).waitFor();
      // A reload while offline would show the browser's offline page instead of the confirmation.
      expect(await page.getByRole('alert').filter({ hasText: t('error.loadFailed') }).count()).toBe(0);
      await context.setOffline(false);
      await page.unroute(/\/assets\/pdf-module-[^/]+\.js$/);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('cancellation.success.download') }).click()]);
      expect(download.suggestedFilename()).toBe(t('cancellation.pdf.fileName'));
    } finally {
      await context.close();
    }
  });

  it('keeps every value and offers the other contacts when the service does not answer', async () => {
    const visit = VISITS[0]!;
    const t = await textsOf(visit.site);
    const context = await newVisitorContext(browser, server.url, { consentCookie: true });
    const page = await newTab(context, visit.locale);
    try {
      await open(page, server.url, '/cancellation');
      // On paper a link says nothing: the way back to the shop's home page is left out, as the page frame's.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('link', { name: t('cancellation.backHome') }).isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
      expect(await page.getByRole('link', { name: t('cancellation.backHome') }).isVisible()).toBe(true);
      await page.route(CANCELLATION_API, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
      await enabledButton(page, t('cancellation.submit'));
      await fillIn(page, t, visit, 'de.failed@example.org');
      await page.getByRole('button', { name: t('cancellation.submit') }).click();
      const failure = page.getByRole('alert').filter({ hasText: t('site.alternativeEmail') });
      await failure.waitFor();
      expect(await failure.textContent()).toContain(t('site.tollFreePhone'));
      expect(await page.getByRole('textbox', { name: t('contact.email.label'), exact: true }).inputValue()).toBe('de.failed@example.org');
      expect(await page.getByRole('radio', { name: t('cancellation.type.ordinary'), exact: true }).isChecked()).toBe(true);
      expect(server.query('SELECT * FROM cancellation_submissions WHERE email = ?', 'de.failed@example.org')).toEqual([]);

      // A deploy took the PDF writer's file (before the success page loads it ahead): the press asks
      // for a reload, which finds the new one (pressing again would fail alike: the browser keeps a
      // failed module for the page's life).
      await page.route(/\/assets\/pdf-module-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
      await page.unroute(CANCELLATION_API);
      await page.getByRole('button', { name: t('cancellation.submit') }).click();
      await page.getByRole('heading', { level: 1, name: t('cancellation.success.heading') }).waitFor();
      expect(server.query('SELECT * FROM cancellation_submissions WHERE email = ?', 'de.failed@example.org')).toHaveLength(1);

      await page.getByRole('button', { name: t('cancellation.success.download') }).click();
      await page.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      // Pressed again, as shoppers do: the confirmation stays (Chromium's scrollIntoView answers a
      // promise, which an effect must not hand React as its cleanup).
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.getByRole('button', { name: t('cancellation.success.download') }).click();
      await page.getByRole('alert').filter({ hasText: t('error.loadFailed') }).waitFor();
      expect(await headingOf(page)).toBe(t('cancellation.success.heading'));
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
