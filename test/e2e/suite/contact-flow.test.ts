/**
 * The contact form on all nine sites in real Chromium against the reference backend: the tracker's
 * page view once consent is given (by cookie or by a later OneTrust grant), every required field filled
 * in with the site's own labels, a real PDF and PNG attached, the site's success text, the GA4 event
 * of the outcome, and the row and the attachments' bytes in the database.
 */
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CONTACT_TOPICS } from '../../../src/domain/support/contact-message';
import { ROUTE_PREFIXES, pagePath } from '../../../src/domain/support/routes';
import { SITES, SITE_CODES, type SiteCode } from '../../../src/domain/support/sites';
import { launchChromium } from '../support/chromium';
import { startSupportServer, type SupportServer } from '../support/server';
import { samplePdf, samplePng } from './sample-files';
import { textsOf, type TextOf } from './site-texts';
import { axeViolations, dataLayerEntry, grantConsentByPush, headingOf, newTab, newVisitorContext, open } from './visitor';

const EMITTER = 'customer-support-frontend';
const CLIENT_VERSION = '1.0.1';
const CONTACT_API = '**/service/customersupportfrontend/api/contact';

/** The locale request header each site's visitor sends (it is stored with the message). */
const LOCALE: Readonly<Record<SiteCode, string>> = {
  de: 'de-DE',
  at: 'de-AT',
  ch: 'de-CH',
  ch_fr: 'fr-CH',
  pl: 'pl-PL',
  cz: 'cs-CZ',
  hu: 'hu-HU',
  sk: 'sk-SK',
  tr: 'tr-TR',
};

let browser: Browser;
let server: SupportServer;
/** Consent given before the visit, by an `OptanonConsent` cookie. */
let consenting: BrowserContext;
/** No consent cookie: the grant arrives later as a `OneTrustGroupsUpdated` push. */
let undecided: BrowserContext;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
  [consenting, undecided] = await Promise.all([
    newVisitorContext(browser, server.url, { consentCookie: true }),
    newVisitorContext(browser, server.url),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Visit {
  readonly site: SiteCode;
  readonly prefix: (typeof ROUTE_PREFIXES)[number];
  readonly consent: 'cookie' | 'push';
  readonly topic: (typeof CONTACT_TOPICS)[number];
  readonly articleNumber: string;
}

const VISITS: readonly Visit[] = SITE_CODES.map((site, index) => ({
  site,
  prefix: ROUTE_PREFIXES[index % ROUTE_PREFIXES.length]!,
  consent: index % 2 === 0 ? 'cookie' : 'push',
  topic: CONTACT_TOPICS[index % CONTACT_TOPICS.length]!,
  articleNumber: index % 3 === 1 ? '' : `10${index}456789`,
}));

/** The label of an optional field as the screen reads it: "Artikelnummer (optional)". */
const optionalLabel = (t: TextOf, key: string) => `${t(key)} ${t('contact.optional')}`;

/** Opens the contact page of the visit and waits until the tracker has pushed its page view. */
async function openContact(visit: Visit, t: TextOf, context?: BrowserContext): Promise<Page> {
  const page = await newTab(context ?? (visit.consent === 'cookie' ? consenting : undecided), LOCALE[visit.site]);
  await open(page, server.url, `${pagePath('contact', visit.prefix)}?site=${visit.site}`);
  if (visit.consent === 'push') await grantConsentByPush(page);
  await page.getByRole('heading', { level: 1, name: t('contact.heading') }).waitFor();
  return page;
}

interface Entries {
  readonly question: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
}

async function fillIn(page: Page, t: TextOf, visit: Visit, entries: Entries): Promise<void> {
  await page.getByLabel(t('contact.question.label'), { exact: true }).fill(entries.question);
  await page.getByLabel(t('contact.topic.label'), { exact: true }).selectOption({ label: t(`contact.topic.options.${visit.topic}`) });
  if (visit.articleNumber) {
    await page.getByLabel(optionalLabel(t, 'contact.articleNumber.label'), { exact: true }).fill(visit.articleNumber);
  }
  await page.getByLabel(t('contact.firstName.label'), { exact: true }).fill(entries.firstName);
  await page.getByLabel(t('contact.lastName.label'), { exact: true }).fill(entries.lastName);
  await page.getByLabel(t('contact.email.label'), { exact: true }).fill(entries.email);
  if (visit.site === 'tr') await page.getByLabel(t('contact.legalConsent.label'), { exact: true }).check();
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the contact flow on every site', () => {
  it.concurrent.for(VISITS)(
    '$site: page view after consent ($consent), filled in, two files attached, sent, stored',
    async (visit, { expect }) => {
      const { site } = visit;
      const t = await textsOf(site);
      const page = await openContact(visit, t);
      try {
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(SITES[site].documentLang);
        // The spec's language codes (de, fr, pl, cz, hu, sk, tr), not the document's tags.
        const language = ({ at: 'de', ch: 'de', ch_fr: 'fr' } as Record<string, string>)[site] ?? site;
        for (const event of ['pageview', 'pageview_ga4']) {
          const entry = await dataLayerEntry(page, { event, emitter: EMITTER });
          expect(entry).toMatchObject({ page_type: 'contact', page_name: 'contact', site, language, cot_client_version: CLIENT_VERSION });
        }

        const entries: Entries = {
          question: `Frage ${site}: Wo bleibt meine Bestellung 4711? Größe „XL“ – ça va? Çok teşekkürler.`,
          firstName: 'Zoë',
          lastName: `Wójcik-Şahin ${site}`,
          email: `${site}.visitor@example.org`,
        };
        const pdf = samplePdf(`rechnung-${site}.pdf`, `Rechnung fuer ${site}`);
        const png = samplePng(`foto-${site}.png`, 20 + SITE_CODES.indexOf(site), 12);
        await fillIn(page, t, visit, entries);
        await page.getByLabel(optionalLabel(t, 'contact.attachments.label'), { exact: true }).setInputFiles([pdf, png]);
        const files = page.getByRole('list', { name: t('contact.attachments.listLabel') }).getByRole('listitem');
        await files.filter({ hasText: png.name }).waitFor();
        expect(await files.count()).toBe(2);

        await page.getByRole('button', { name: t('contact.submit') }).click();
        await page.getByText(t('contact.success.text'), { exact: true }).waitFor();
        expect(await headingOf(page)).toBe(t('contact.success.heading'));
        const outcome = await dataLayerEntry(page, { event: 'ga4_event', event_name: 'system_response' });
        expect(outcome).toMatchObject({
          subject: 'contact_form',
          response_type: 'success',
          response_details: 'sent',
          emitter: EMITTER,
          cot_client_version: CLIENT_VERSION,
        });
        expect(await axeViolations(page), 'axe on the success screen').toEqual([]);

        const rows = server.query<Record<string, unknown>>('SELECT * FROM contact_submissions WHERE email = ?', entries.email);
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({
          site,
          locale: LOCALE[site],
          topic: visit.topic,
          question: entries.question,
          article_number: visit.articleNumber || null,
          first_name: entries.firstName,
          last_name: entries.lastName,
          email: entries.email,
          legal_consent: site === 'tr' ? 1 : null,
        });
        const stored = server.query<{ position: number; file_name: string; media_type: string; size: number; sha256: string; content: Buffer }>(
          'SELECT position, file_name, media_type, size, sha256, content FROM contact_attachments WHERE submission_id = ? ORDER BY position',
          rows[0]!.id,
        );
        expect(stored.map(({ content, ...meta }) => ({ ...meta, same: content.equals(meta.position === 0 ? pdf.buffer : png.buffer) }))).toEqual([
          { position: 0, file_name: pdf.name, media_type: 'application/pdf', size: pdf.buffer.length, sha256: sha256(pdf.buffer), same: true },
          { position: 1, file_name: png.name, media_type: 'image/png', size: png.buffer.length, sha256: sha256(png.buffer), same: true },
        ]);
      } finally {
        await page.close();
      }
    },
  );
});

describe('the GA4 event of an unsuccessful send', () => {
  const VISIT: Visit = { site: 'hu', prefix: '/m', consent: 'cookie', topic: 'payment', articleNumber: '' };
  const entries = (email: string): Entries => ({ question: 'Hol a számlám?', firstName: 'Ádám', lastName: 'Kovács', email });

  /** A context of its own: the form's draft of one visit must not be restored into another. */
  async function openAlone(t: TextOf): Promise<Page> {
    const context = await newVisitorContext(browser, server.url, { consentCookie: true });
    return openContact(VISIT, t, context);
  }

  it.concurrent('a transmission error: the failure text with the site’s alternative contacts, response error / transmission_error', async ({ expect }) => {
    const t = await textsOf(VISIT.site);
    const page = await openAlone(t);
    try {
      await page.route(CONTACT_API, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
      await fillIn(page, t, VISIT, entries('hu.failed@example.org'));
      await page.getByRole('button', { name: t('contact.submit') }).click();
      const failure = page.getByRole('alert').filter({ hasText: t('site.alternativeEmail') });
      await failure.getByRole('link', { name: t('site.alternativeEmail') }).waitFor();
      expect(await failure.textContent()).toContain(t('site.tollFreePhone'));
      expect(await dataLayerEntry(page, { event: 'ga4_event', event_name: 'system_response' })).toMatchObject({
        subject: 'contact_form',
        response_type: 'error',
        response_details: 'transmission_error',
        emitter: EMITTER,
      });
    } finally {
      await page.context().close();
    }
  });

  it.concurrent('field errors from the server: shown at the field, response error / invalid_data', async ({ expect }) => {
    const t = await textsOf(VISIT.site);
    const page = await openAlone(t);
    try {
      await page.route(CONTACT_API, (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ errors: { email: 'email.invalid' } }) }),
      );
      await fillIn(page, t, VISIT, entries('hu.refused@example.org'));
      await page.getByRole('button', { name: t('contact.submit') }).click();
      await page.getByRole('heading', { name: t('contact.invalidForm') }).waitFor();
      await page.getByRole('link', { name: t('contact.errors.email.invalid') }).waitFor();
      expect(await dataLayerEntry(page, { event: 'ga4_event', event_name: 'system_response' })).toMatchObject({
        subject: 'contact_form',
        response_type: 'error',
        response_details: 'invalid_data',
        emitter: EMITTER,
      });
    } finally {
      await page.context().close();
    }
  });
});
