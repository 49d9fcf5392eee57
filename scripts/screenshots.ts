/**
 * `npm run screenshots`: a PNG of every screen of the support pages for de, tr and ch_fr in
 * `docs/screens/<site>-<screen>.png`, taken in Debian's Chromium from the production build (built first
 * when missing or stale) served by the reference backend on a free port over a temporary database.
 * Screens: contact (also at a phone's 390 x 844), contact with errors, contact success, not found, and
 * on the DACH sites cancellation and, after an ordinary cancellation sent, its success page (the others
 * are sent to the contact page).
 *
 * Usage: `npm run screenshots [-- de ch_fr]` (default: de tr ch_fr).
 */
import { mkdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { PROJECT_ROOT } from '../src/app/server/config';
import { isDach, parseSite, type SiteCode } from '../src/domain/support/sites';
import { launchChromium } from '../test/e2e/support/chromium';
import { startSupportServer, type SupportServer } from '../test/e2e/support/server';
import { textsOf, type TextOf } from '../test/e2e/suite/site-texts';
import { navigateInApp, newTab, newVisitorContext } from '../test/e2e/suite/visitor';

const OUT_DIR = join(PROJECT_ROOT, 'docs/screens');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const DEFAULT_SITES: readonly SiteCode[] = ['de', 'tr', 'ch_fr'];

async function save(page: Page, site: SiteCode, screen: string): Promise<void> {
  const file = join(OUT_DIR, `${site}-${screen}.png`);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
  console.log(`  ${relative(PROJECT_ROOT, file)} (${Math.round(statSync(file).size / 1024)} KB)`);
}

/** Opens `path` and waits until the main heading reads `heading`. */
async function show(page: Page, server: SupportServer, path: string, heading: string): Promise<void> {
  await page.goto(server.url + path);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

async function fillIn(page: Page, site: SiteCode, t: TextOf): Promise<void> {
  await page.getByLabel(t('contact.question.label'), { exact: true }).fill(t('contact.heading'));
  await page.getByLabel(t('contact.topic.label'), { exact: true }).selectOption('delivery');
  await page.getByLabel(t('contact.firstName.label'), { exact: true }).fill('Zoë');
  await page.getByLabel(t('contact.lastName.label'), { exact: true }).fill('Wójcik-Şahin');
  await page.getByLabel(t('contact.email.label'), { exact: true }).fill('zoe@example.org');
  if (site === 'tr') await page.getByLabel(t('contact.legalConsent.label'), { exact: true }).check();
}

async function screensOf(browser: Browser, server: SupportServer, site: SiteCode): Promise<void> {
  const t = await textsOf(site);
  const query = `?site=${site}`;
  console.log(site);

  const phone = await newVisitorContext(browser, server.url, { viewport: PHONE });
  const small = await newTab(phone);
  await show(small, server, `/m/contact${query}`, t('contact.heading'));
  await save(small, site, 'contact-mobile');
  await phone.close();

  const desktop = await newVisitorContext(browser, server.url, { viewport: DESKTOP });
  const page = await newTab(desktop);
  try {
    await show(page, server, `/contact${query}`, t('contact.heading'));
    await save(page, site, 'contact');

    await page.getByRole('button', { name: t('contact.submit') }).click();
    await page.getByRole('heading', { level: 2, name: t('contact.invalidForm') }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await save(page, site, 'contact-errors');

    await fillIn(page, site, t);
    await page.getByRole('button', { name: t('contact.submit') }).click();
    await page.getByText(t('contact.success.text'), { exact: true }).waitFor();
    await save(page, site, 'contact-success');

    await navigateInApp(page, `/assets/x1.js${query}`);
    await page.getByRole('heading', { level: 1, name: t('error.notFoundTitle') }).waitFor();
    await save(page, site, 'not-found');

    if (isDach(site)) {
      await show(page, server, `/cancellation${query}`, t('cancellation.heading'));
      await save(page, site, 'cancellation');
      await page.getByRole('radio', { name: t('cancellation.type.ordinary'), exact: true }).check();
      for (const [key, value] of [
        ['cancellation.customerNumber.label', '40012345'],
        ['cancellation.subscriptionId.label', 'ABO-778899'],
        ['contact.firstName.label', 'Zoë'],
        ['contact.lastName.label', 'Groß-Müller'],
        ['contact.email.label', 'zoe@example.org'],
      ] as const) {
        await page.getByRole('textbox', { name: t(key), exact: true }).fill(value);
      }
      await page.getByRole('button', { name: t('cancellation.submit') }).click();
      await page.getByRole('heading', { level: 1, name: t('cancellation.success.heading'), exact: true }).waitFor();
      await save(page, site, 'cancellation-success');
    }
  } finally {
    await desktop.close();
  }
}

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const sites = asked.length > 0 ? asked.map((code) => parseSite(code)) : DEFAULT_SITES;
  if (sites.some((site) => site === undefined)) throw new Error(`Unknown site in: ${asked.join(' ')}`);
  mkdirSync(OUT_DIR, { recursive: true });
  const [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
  try {
    for (const site of sites as SiteCode[]) await screensOf(browser, server, site);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
