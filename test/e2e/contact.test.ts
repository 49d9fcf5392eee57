/**
 * The contact form in real Chromium against the reference backend, as a visitor uses it on de and tr:
 * fill in, attach, send, see the success text; a transmission error keeps everything and names the
 * alternative contacts. axe-core checks every state the page passes through.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium';
import { startSupportServer, type SupportServer } from './support/server';

const CONTACT_API = '**/service/customersupportfrontend/api/contact';

let browser: Browser;
let server: SupportServer;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A file whose first bytes are what its name claims (the server checks the content). */
const pdfFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n') });
const pngFile = (name: string) => ({
  name,
  mimeType: 'image/png',
  buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
});

async function expectNoAxeViolations(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const summary = violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations (${state})`).toEqual([]);
}

async function openPage(path: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(server.url + path);
  await page.getByRole('heading', { level: 1 }).waitFor();
  return page;
}

interface Visit {
  readonly site: 'de' | 'tr';
  readonly path: string;
  readonly labels: Readonly<Record<'question' | 'topic' | 'firstName' | 'lastName' | 'email' | 'attachments' | 'submit', string>>;
  readonly consent?: string;
  readonly fileList: string;
  readonly heading: string;
  readonly invalidForm: string;
  readonly success: string;
  readonly failureStart: string;
  readonly alternativeEmail: string;
  readonly tollFreePhone: string;
}

const VISITS: readonly Visit[] = [
  {
    site: 'de',
    path: '/contact',
    labels: {
      question: 'Ihre Frage',
      topic: 'Thema',
      firstName: 'Vorname',
      lastName: 'Nachname',
      email: 'E-Mail-Adresse',
      attachments: 'Anhänge (optional)',
      submit: 'Frage absenden',
    },
    fileList: 'Ausgewählte Dateien',
    heading: 'Wie können wir Ihnen helfen?',
    invalidForm: 'Bitte korrigieren Sie Ihre Angaben.',
    success: 'Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.',
    failureStart: 'Aufgrund eines Übertragungsfehlers hat uns Ihre Nachricht leider nicht erreicht.',
    alternativeEmail: 'service@kaffeeshop.de',
    tollFreePhone: '0800 3000 300',
  },
  {
    site: 'tr',
    path: '/contact?site=tr',
    labels: {
      question: 'Sorunuz',
      topic: 'Konu',
      firstName: 'Ad',
      lastName: 'Soyad',
      email: 'E-posta adresi',
      attachments: 'Ekler (isteğe bağlı)',
      submit: 'Soruyu gönder',
    },
    consent: 'Kişisel Verilerin İşlenmesine İlişkin Aydınlatma Metni’ni okudum ve onaylıyorum.',
    fileList: 'Seçilen dosyalar',
    heading: 'Size nasıl yardımcı olabiliriz?',
    invalidForm: 'Lütfen kırmızı ile işaretlenmiş alanları kontrol edin.',
    success: 'Sorunuz müşteri hizmetlerimize iletildi. Teşekkür ederiz.',
    failureStart: 'Bir iletim hatası nedeniyle mesajınız maalesef bize ulaşmadı.',
    alternativeEmail: 'destek@kaffeeshop.com.tr',
    tollFreePhone: '0800 300 30 30',
  },
];

async function fillIn(page: Page, visit: Visit, email: string): Promise<void> {
  const { labels } = visit;
  await page.getByLabel(labels.question, { exact: true }).fill('Wann kommt meine Bestellung 4711?');
  await page.getByLabel(labels.topic, { exact: true }).selectOption('delivery');
  await page.getByLabel(labels.firstName, { exact: true }).fill('Łukasz');
  await page.getByLabel(labels.lastName, { exact: true }).fill('Wójcik-Şahin');
  await page.getByLabel(labels.email, { exact: true }).fill(email);
  await page.getByLabel(labels.attachments).setInputFiles([pdfFile('rechnung.pdf'), pngFile('foto.png')]);
  if (visit.consent) await page.getByLabel(visit.consent).check();
}

describe.each(VISITS)('contact form in Chromium ($site)', (visit) => {
  it('refuses an empty form with the summary, then sends a filled one with its files and shows the success text', async () => {
    const page = await openPage(visit.path);
    try {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(visit.heading);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(visit.site === 'tr' ? 'tr' : 'de-DE');
      await expectNoAxeViolations(page, 'empty form');

      await page.getByRole('button', { name: visit.labels.submit }).click();
      const summary = page.locator('.error-summary');
      await summary.getByText(visit.invalidForm).waitFor();
      expect(await page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
      await expectNoAxeViolations(page, 'errors shown');

      const email = `${visit.site}-sent@example.org`;
      await fillIn(page, visit, email);
      await page.getByRole('list', { name: visit.fileList }).getByText('foto.png').waitFor();
      await expectNoAxeViolations(page, 'filled in');
      await page.getByRole('button', { name: visit.labels.submit }).click();
      await page.getByText(visit.success).waitFor();
      await expectNoAxeViolations(page, 'sent');

      const [row] = server.query<{ id: string; site: string; topic: string; legal_consent: number | null }>(
        'SELECT id, site, topic, legal_consent FROM contact_submissions WHERE email = ?',
        email,
      );
      expect(row).toMatchObject({ site: visit.site, topic: 'delivery', legal_consent: visit.consent ? 1 : null });
      const files = server.query<{ file_name: string; media_type: string }>(
        'SELECT file_name, media_type FROM contact_attachments WHERE submission_id = ? ORDER BY position',
        row!.id,
      );
      expect(files).toEqual([
        { file_name: 'rechnung.pdf', media_type: 'application/pdf' },
        { file_name: 'foto.png', media_type: 'image/png' },
      ]);
    } finally {
      await page.context().close();
    }
  });

  it('keeps everything after a transmission error, names the alternative contacts, and sends on the next try', async () => {
    const page = await openPage(visit.path);
    try {
      await page.route(CONTACT_API, (route) => route.fulfill({ status: 503, body: 'unavailable' }));
      const email = `${visit.site}-retry@example.org`;
      await fillIn(page, visit, email);
      await page.getByRole('button', { name: visit.labels.submit }).click();

      const failure = page.getByRole('alert');
      await failure.getByText(visit.failureStart, { exact: false }).waitFor();
      expect(await failure.getByRole('link', { name: visit.alternativeEmail }).getAttribute('href')).toBe(
        `mailto:${visit.alternativeEmail}`,
      );
      await failure.getByRole('link', { name: visit.tollFreePhone }).waitFor();
      await expectNoAxeViolations(page, 'send failed');

      expect(await page.getByLabel(visit.labels.email, { exact: true }).inputValue()).toBe(email);
      expect(await page.getByLabel(visit.labels.lastName, { exact: true }).inputValue()).toBe('Wójcik-Şahin');
      expect(await page.getByRole('list', { name: visit.fileList }).getByRole('listitem').count()).toBe(2);
      expect(server.query('SELECT id FROM contact_submissions WHERE email = ?', email)).toEqual([]);

      await page.unroute(CONTACT_API);
      await page.getByRole('button', { name: visit.labels.submit }).click();
      await page.getByText(visit.success).waitFor();
      expect(server.query('SELECT id FROM contact_submissions WHERE email = ?', email)).toHaveLength(1);
    } finally {
      await page.context().close();
    }
  });
});

describe('contact form drafts in Chromium', () => {
  it('shows the restored-draft notice without moving the fields a returning visitor is about to tap', async () => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 375, height: 700 } });
    const first = await context.newPage();
    await first.goto(`${server.url}/contact`);
    await first.getByRole('heading', { level: 1 }).waitFor();
    await first.getByLabel('Ihre Frage', { exact: true }).fill('Entwurf');
    const next = await context.newPage();
    await next.addInitScript(() => {
      const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value))).observe({
        type: 'layout-shift',
        buffered: true,
      });
    });
    // The draft is saved after a pause in typing: open the page again until it brings the draft back.
    await expect
      .poll(async () => {
        await next.goto(`${server.url}/contact`);
        return next.getByText('wiederhergestellt').waitFor({ timeout: 3_000 }).then(() => true, () => false);
      }, { timeout: 20_000 })
      .toBe(true);
    await next.waitForTimeout(300);
    const shifts = await next.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    await context.close();
  });

  it('restores what was entered, files included, after a reload, and forgets it after sending', async () => {
    const visit = VISITS[0]!;
    const page = await openPage(visit.path);
    try {
      const email = 'draft@example.org';
      await fillIn(page, visit, email);
      // The draft is saved after a pause in typing; reload once IndexedDB holds it.
      await expect
        .poll(
          () =>
            page.evaluate(
              () =>
                new Promise<boolean>((resolve) => {
                  const open = indexedDB.open('customer-support-drafts');
                  // Never create the database here: the app would then find it without its store.
                  open.onupgradeneeded = () => open.transaction?.abort();
                  open.onerror = () => resolve(false);
                  open.onsuccess = () => {
                    const db = open.result;
                    const done = (saved: boolean) => {
                      db.close();
                      resolve(saved);
                    };
                    if (!db.objectStoreNames.contains('drafts')) return done(false);
                    // Each tab keeps its draft under its own key (contact:de#<tab>), its files in a record of their own.
                    const get = db.transaction('drafts').objectStore('drafts').getAll();
                    get.onsuccess = () => done((get.result as unknown[]).some((record) => Array.isArray(record) && record.length === 2));
                    get.onerror = () => done(false);
                  };
                }),
            ),
          { timeout: 10_000, interval: 200 },
        )
        .toBe(true);
      await page.reload();
      await page.getByText('Wir haben Ihre noch nicht gesendeten Angaben wiederhergestellt.').waitFor();
      expect(await page.getByLabel(visit.labels.email, { exact: true }).inputValue()).toBe(email);
      expect(await page.getByLabel(visit.labels.topic, { exact: true }).inputValue()).toBe('delivery');
      expect(await page.getByRole('list', { name: visit.fileList }).getByRole('listitem').count()).toBe(2);
      await expectNoAxeViolations(page, 'draft restored');

      await page.getByRole('button', { name: visit.labels.submit }).click();
      await page.getByText(visit.success).waitFor();
      const files = server.query<{ file_name: string }>(
        `SELECT a.file_name FROM contact_attachments a JOIN contact_submissions s ON s.id = a.submission_id
         WHERE s.email = ? ORDER BY a.position`,
        email,
      );
      expect(files.map((file) => file.file_name)).toEqual(['rechnung.pdf', 'foto.png']);

      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByLabel(visit.labels.email, { exact: true }).inputValue()).toBe('');
    } finally {
      await page.context().close();
    }
  });

  it('keeps a name typed right before the tab was closed, also with a file attached, for the next tab, which names the file (each of four visitors)', async () => {
    // Whether the closing tab's last save lands is a race with the page's teardown: four visitors run it.
    for (const name of ['Wójcik', 'Nowak', 'Kowalska', 'Wiśniewska']) {
      const context = await browser.newContext({ locale: 'de-DE' });
      try {
        const first = await context.newPage();
        await first.goto(`${server.url}/contact`);
        await first.getByRole('heading', { level: 1 }).waitFor();
        await first.getByLabel('Ihre Frage', { exact: true }).fill('Wo bleibt meine Erstattung?');
        await first.getByLabel('Anhänge (optional)').setInputFiles([pdfFile('beleg.pdf')]);
        // Once the draft with its file is kept (a new tab names the file of the copy it shows, not brought
        // back there: it may be another person's), the visitor types a last name and closes the tab at once.
        const asking = 'Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: beleg.pdf.';
        const next = await context.newPage();
        await expect
          .poll(async () => {
            await next.goto(`${server.url}/contact`);
            return next.getByText(asking, { exact: false }).waitFor({ timeout: 3_000 }).then(() => true, () => false);
          }, { timeout: 20_000 })
          .toBe(true);
        await next.close();
        await first.getByLabel('Nachname', { exact: true }).fill(name);
        await first.close();
        const later = await context.newPage();
        await later.goto(`${server.url}/contact`);
        await later.getByText(`Wir haben Ihre noch nicht gesendeten Angaben wiederhergestellt. ${asking}`, { exact: true }).waitFor();
        expect(await later.getByLabel('Nachname', { exact: true }).inputValue()).toBe(name);
        expect(await later.getByRole('list', { name: 'Ausgewählte Dateien' }).count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  });
});

describe('contact form attachments the server refuses, in Chromium (de)', () => {
  const visit = VISITS[0]!;
  const jpegFile = (name: string) => ({
    name,
    mimeType: 'image/png',
    buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]),
  });
  const textFile = (name: string) => ({ name, mimeType: 'application/pdf', buffer: Buffer.from('only text, no PDF') });

  it('names the refused file, and sends a JPEG called screenshot.png once the other one is removed', async () => {
    const page = await openPage(visit.path);
    try {
      const email = 'de-named-file@example.org';
      await fillIn(page, visit, email);
      const files = page.getByRole('list', { name: visit.fileList });
      await files.getByRole('button', { name: 'rechnung.pdf entfernen' }).click();
      await files.getByRole('button', { name: 'foto.png entfernen' }).click();
      await page.getByLabel(visit.labels.attachments).setInputFiles([jpegFile('screenshot.png'), textFile('fake.pdf')]);
      await page.getByRole('button', { name: visit.labels.submit }).click();

      const named =
        '„fake.pdf“: Der Inhalt ist kein JPG, PNG oder PDF, auch wenn der Name so endet (etwa ein Foto im HEIC-Format). Bitte speichern Sie die Datei als JPG oder PDF und wählen Sie sie erneut.';
      await page.locator('.error-summary').getByRole('link', { name: named }).waitFor();
      expect(await page.locator('#attachments-error, .field-error').filter({ hasText: named }).count()).toBeGreaterThan(0);
      expect(await files.locator('.attachment-refused .attachment-name').allTextContents()).toEqual(['fake.pdf']);
      await expectNoAxeViolations(page, 'a file refused by the server');

      await files.getByRole('button', { name: 'fake.pdf entfernen' }).click();
      await page.getByRole('button', { name: visit.labels.submit }).click();
      await page.getByText(visit.success).waitFor();
      const [row] = server.query<{ id: string }>('SELECT id FROM contact_submissions WHERE email = ?', email);
      expect(
        server.query('SELECT file_name, media_type FROM contact_attachments WHERE submission_id = ?', row!.id),
      ).toEqual([{ file_name: 'screenshot.png', media_type: 'image/jpeg' }]);
    } finally {
      await page.context().close();
    }
  });

  it('shows the send-failure text, not the file-size text, when a proxy refuses the body (413) of a form without files', async () => {
    const page = await openPage(visit.path);
    try {
      await page.route(CONTACT_API, (route) =>
        route.fulfill({ status: 413, contentType: 'application/json', body: '{"error":"body.tooLarge"}' }),
      );
      await fillIn(page, visit, 'de-proxy@example.org');
      const files = page.getByRole('list', { name: visit.fileList });
      await files.getByRole('button', { name: 'rechnung.pdf entfernen' }).click();
      await files.getByRole('button', { name: 'foto.png entfernen' }).click();
      await page.getByRole('button', { name: visit.labels.submit }).click();
      await page.getByRole('alert').getByText(visit.failureStart, { exact: false }).waitFor();
      expect(await page.getByText('Eine Datei darf höchstens 5\u00a0MB groß sein.').count()).toBe(0);
      expect(await page.getByLabel(visit.labels.email, { exact: true }).inputValue()).toBe('de-proxy@example.org');
    } finally {
      await page.context().close();
    }
  });
});

describe('contact form on a touch screen, in Chromium (de)', () => {
  it('takes a tap on the send button made right after typing an invalid e-mail: the error it causes does not move the button from under the finger', async () => {
    const context = await browser.newContext({ locale: 'de-DE', hasTouch: true, isMobile: true, viewport: { width: 375, height: 700 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/contact`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel('Ihre Frage', { exact: true }).fill('Wann kommt meine Bestellung?');
    await page.getByLabel('Thema', { exact: true }).selectOption('delivery');
    await page.getByLabel('Vorname', { exact: true }).fill('Max');
    await page.getByLabel('Nachname', { exact: true }).fill('Muster');
    const email = page.getByLabel('E-Mail-Adresse', { exact: true });
    await email.tap();
    await email.pressSequentially('max@');
    const send = page.getByRole('button', { name: 'Frage absenden' });
    const box = await send.boundingBox();
    if (!box) throw new Error('the send button is not shown');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    // The tap reached the button: the refused send shows the summary, which takes the focus.
    await page.getByRole('heading', { name: 'Bitte korrigieren Sie Ihre Angaben.' }).waitFor({ timeout: 5_000 });
    await context.close();
  });
});

describe('contact form on a phone, sent by keyboard, in Chromium (de)', () => {
  it.each(['the send button', 'the e-mail field (the keyboard\'s Go key)'])('keeps the send button and the failure text on screen when a send from %s fails: the text comes above the button', async (from) => {
    const context = await browser.newContext({ locale: 'de-DE', hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/contact`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.route(CONTACT_API, (route) => route.fulfill({ status: 500, body: 'error' }));
      await page.getByLabel('Ihre Frage', { exact: true }).fill('Wann kommt meine Bestellung?');
      await page.getByLabel('Thema', { exact: true }).selectOption('delivery');
      await page.getByLabel('Vorname', { exact: true }).fill('Max');
      await page.getByLabel('Nachname', { exact: true }).fill('Muster');
      await page.getByLabel('E-Mail-Adresse', { exact: true }).fill('max@example.org');
      const send = page.getByRole('button', { name: 'Frage absenden' });
      const pressed = from === 'the send button' ? send : page.getByLabel('E-Mail-Adresse', { exact: true });
      // As Tab leaves it: just in view at the bottom of the screen, focused.
      await pressed.evaluate((control) => {
        control.scrollIntoView({ block: 'end' });
        control.focus({ preventScroll: true });
      });
      await page.keyboard.press('Enter');
      await page.getByRole('alert').getByText('Aufgrund eines Übertragungsfehlers', { exact: false }).waitFor();
      await expect.poll(() => send.evaluate((button) => button.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
      const shown = await page.getByRole('alert').evaluate((alert) => {
        const box = alert.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      });
      expect(shown).toBe(true);
      // The focus stays where the send was made.
      expect(await pressed.evaluate((control) => document.activeElement === control)).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('ends a send whose rules never arrive (a stalled connection) with the reload hint after 20 s, the form unlocked and kept', async () => {
    const context = await browser.newContext({ locale: 'de-DE' });
    // The rules' file and the new-build watch's hang: requested, never answered.
    await context.route(/\/assets\/(contact-later|new-build-module)-[^/]*\.js$/, () => undefined);
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/contact`);
      const question = page.getByLabel('Ihre Frage', { exact: true });
      await question.fill('Wann kommt meine Bestellung?');
      await page.getByRole('button', { name: 'Frage absenden' }).press('Enter');
      await page.getByRole('alert').filter({ hasText: 'Ein Teil der Seite konnte nicht geladen werden.' }).waitFor({ timeout: 30_000 });
      expect(await question.inputValue()).toBe('Wann kommt meine Bestellung?');
      expect(await question.evaluate((field) => (field as HTMLTextAreaElement).readOnly)).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('keeps the reload hint on screen when the form\'s rules could not be loaded (a deploy took their file)', async () => {
    const context = await browser.newContext({ locale: 'de-DE', hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });
    // The deploy comes once the shopper has typed (a touched page is not reloaded for it), and took the
    // new-build watch's file too (which would reload the page, keeping what was typed).
    let deploy!: () => void;
    const deployed = new Promise<void>((resolve) => (deploy = resolve));
    await context.route(/\/assets\/(contact-later|new-build-module)-[^/]*\.js$/, async (route) => {
      await deployed;
      await route.fulfill({ status: 404, body: 'not found' });
    });
    const page = await context.newPage();
    try {
      await page.goto(`${server.url}/contact`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByLabel('Ihre Frage', { exact: true }).fill('Wann kommt meine Bestellung?');
      const rulesMissing = page.waitForResponse(/\/assets\/contact-later-[^/]+\.js$/);
      deploy();
      await rulesMissing;
      const send = page.getByRole('button', { name: 'Frage absenden' });
      await send.evaluate((button) => {
        button.scrollIntoView({ block: 'end' });
        button.focus({ preventScroll: true });
      });
      await page.keyboard.press('Enter');
      const hint = page.getByRole('alert').filter({ hasText: 'Ein Teil der Seite konnte nicht geladen werden.' });
      await hint.waitFor();
      await expect.poll(() => hint.evaluate((alert) => {
        const box = alert.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight;
      })).toBe(true);
    } finally {
      await context.close();
    }
  });
});
