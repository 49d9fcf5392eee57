/**
 * The contact form in real Chromium when the visitor's page goes away or the network does: Back to the
 * form brings every entry back (the browser's own form restoration merged with the stored draft), a
 * reload right after the last keystroke keeps it, a send made offline keeps everything and shows the
 * alternative contacts instead of the browser's offline page, a send pressed while the e-mail
 * field still has the focus is handled by that one press, files dropped on the file button are
 * taken as if picked, and text an autofill tool put in without input events outlives a tick by mouse.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startSupportServer, type SupportServer } from '../support/server';
import { samplePng } from './sample-files';
import { textsOf } from './site-texts';
import { autofill, newTab, newVisitorContext, open } from './visitor';

const PATH = '/contact?site=de';
const LABELS = {
  question: 'Ihre Frage',
  topic: 'Thema',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail-Adresse',
  attachments: 'Anhänge (optional)',
  submit: 'Frage absenden',
} as const;
const RESTORED = 'Wir haben Ihre noch nicht gesendeten Angaben wiederhergestellt.';
const FAILURE_START = 'Aufgrund eines Übertragungsfehlers hat uns Ihre Nachricht leider nicht erreicht.';
const INVALID_FORM = 'Bitte korrigieren Sie Ihre Angaben.';
const UNREADABLE = 'Die Datei kann nicht mehr gelesen werden: Sie wurde nach der Auswahl geändert, verschoben oder gelöscht. Bitte entfernen Sie sie und wählen Sie sie erneut aus.';
const SUBMISSION_CHUNK = /\/assets\/xhr-contact-submission-[^/]*\.js$/;

let browser: Browser;
let server: SupportServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function contactPage(prepare?: (context: BrowserContext) => Promise<unknown>): Promise<{ page: Page; context: BrowserContext }> {
  const context = await newVisitorContext(browser, server.url);
  contexts.push(context);
  await prepare?.(context);
  const page = await newTab(context, 'de-DE');
  await open(page, server.url, PATH);
  return { page, context };
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillRequired(page: Page): Promise<void> {
  await field(page, LABELS.question).fill('Wo bleibt meine Bestellung 4711?');
  await field(page, LABELS.topic).selectOption('delivery');
  await field(page, LABELS.firstName).fill('Erika');
  await field(page, LABELS.lastName).fill('Mustermann');
  await field(page, LABELS.email).fill('erika@example.org');
}

async function expectEntriesKept(page: Page): Promise<void> {
  expect(await field(page, LABELS.question).inputValue()).toBe('Wo bleibt meine Bestellung 4711?');
  expect(await field(page, LABELS.topic).inputValue()).toBe('delivery');
  expect(await field(page, LABELS.firstName).inputValue()).toBe('Erika');
  expect(await field(page, LABELS.lastName).inputValue()).toBe('Mustermann');
  expect(await field(page, LABELS.email).inputValue()).toBe('erika@example.org');
}

/** The draft logic has loaded (its chunk and the stored draft) once the draft store's database exists. */
const draftLogicReady = (page: Page) =>
  page.waitForFunction(async () => (await indexedDB.databases()).some((db) => db.name === 'customer-support-drafts'));

/** Two tabs of one visitor on the form, each with its draft logic loaded. */
async function twoContactTabs(): Promise<{ first: Page; second: Page; context: BrowserContext }> {
  const { page: first, context } = await contactPage();
  const second = await newTab(context, 'de-DE');
  await open(second, server.url, PATH);
  await Promise.all([draftLogicReady(first), draftLogicReady(second)]);
  return { first, second, context };
}

describe('the contact form when the page is left and the network fails (Chromium)', () => {
  it('brings back every entry and the file after Back from another page, with the restore notice', async () => {
    const { page } = await contactPage();
    await fillRequired(page);
    await page.getByLabel(LABELS.attachments).setInputFiles([samplePng('a.png')]);
    await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
    await page.waitForTimeout(1500);

    await page.goto(`${server.url}/kein-solcher-pfad`);
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.getByText(RESTORED, { exact: true }).waitFor();
    await expectEntriesKept(page);
    await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
  });

  it('shows the newest draft on Back to an older visit of the form, not the text the browser kept for that visit', async () => {
    const { page } = await contactPage();
    await draftLogicReady(page);
    await field(page, LABELS.question).fill('Alter Text');
    await field(page, LABELS.topic).selectOption('order');
    await page.waitForTimeout(1500);

    // History: the form (first visit), another page, the form again (second visit), another page.
    const otherPage = `${server.url}/cancellation?site=de`;
    await open(page, server.url, '/cancellation?site=de');
    await open(page, server.url, PATH);
    await page.getByText(RESTORED, { exact: true }).waitFor();
    await field(page, LABELS.question).fill('Neuer Text');
    await field(page, LABELS.topic).selectOption('delivery');
    await page.waitForTimeout(1500);
    await page.goto(otherPage);

    for (let step = 0; step < 3; step += 1) {
      await page.goBack();
      await page.getByRole('heading', { level: 1 }).waitFor();
    }
    await page.getByText(RESTORED, { exact: true }).waitFor();
    await expect.poll(() => field(page, LABELS.question).inputValue()).toBe('Neuer Text');
    expect(await field(page, LABELS.topic).inputValue()).toBe('delivery');

    // And the newest draft is still what a reload brings back.
    await page.waitForTimeout(1500);
    await page.reload();
    await page.getByText(RESTORED, { exact: true }).waitFor();
    expect(await field(page, LABELS.question).inputValue()).toBe('Neuer Text');
  });

  it('shows the empty form on Back to a visit of the form before a send, not the sent message as unsent', async () => {
    const { page } = await contactPage();
    await draftLogicReady(page);
    await fillRequired(page);
    await page.getByLabel(LABELS.attachments).setInputFiles([samplePng('a.png')]);
    await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
    await page.waitForTimeout(1500);

    // History: the form (first visit), another page, the form again (the draft restored), sent there.
    await open(page, server.url, '/cancellation?site=de');
    await open(page, server.url, PATH);
    await page.getByText(RESTORED, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByRole('heading', { level: 1, name: 'Nachricht gesendet' }).waitFor();

    await page.goBack();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => field(page, LABELS.question).inputValue()).toBe('');
    for (const label of [LABELS.topic, LABELS.firstName, LABELS.lastName, LABELS.email]) expect(await field(page, label).inputValue()).toBe('');
    expect(await page.getByText(RESTORED).count()).toBe(0);
    // Nothing to send twice: a press asks for the entries.
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByText(INVALID_FORM).waitFor();
  });

  it('takes back the errors of a send pressed after a reload before the draft came back, once the draft fills the fields', async () => {
    const { page } = await contactPage();
    await draftLogicReady(page);
    await fillRequired(page);
    await page.waitForTimeout(1500);
    await page.route(/\/assets\/contact-draft-[^/]*\.js$/, async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('[type=submit]:enabled').waitFor();
    expect(await field(page, LABELS.question).inputValue()).toBe('');
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByText(INVALID_FORM).waitFor();
    expect(await page.title()).toMatch(/^Fehler: /);

    await expect.poll(() => field(page, LABELS.question).inputValue(), { timeout: 10_000 }).toBe('Wo bleibt meine Bestellung 4711?');
    await expect.poll(() => field(page, LABELS.question).getAttribute('aria-invalid')).not.toBe('true');
    expect(await page.getByText(INVALID_FORM).count()).toBe(0);
    expect(await page.getByText(/Pflichtfeld/).count()).toBe(0);
    expect(await page.title()).toBe('Kontakt | Coffee & Home Kundenservice');
  });

  it('asks for the file again after a reload when the browser refuses IndexedDB, keeping the entries', async () => {
    const { page } = await contactPage(async (context) => {
      // As a browser that blocks site storage for IndexedDB only: every open fails.
      await context.addInitScript(() => {
        IDBFactory.prototype.open = function () {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        };
      });
    });
    await fillRequired(page);
    await page.getByLabel(LABELS.attachments).setInputFiles([samplePng('beleg.png')]);
    await page.getByRole('button', { name: 'beleg.png entfernen' }).waitFor();
    await page.waitForTimeout(1500);

    await page.reload();
    await page
      .getByText(`${RESTORED} Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: beleg.png.`, { exact: true })
      .waitFor();
    await expectEntriesKept(page);
  });

  it('brings every entry back after Back from another page when the browser blocks all site storage (no draft can be kept)', async () => {
    const { page } = await contactPage(async (context) => {
      // As a browser set to block cookies and site data: each storage throws.
      await context.addInitScript(() => {
        const blocked = () => {
          throw new DOMException('The user denied permission to access storage.', 'SecurityError');
        };
        for (const name of ['localStorage', 'sessionStorage', 'indexedDB']) Object.defineProperty(window, name, { get: blocked, configurable: true });
      });
    });
    await fillRequired(page);
    await page.getByLabel('Artikelnummer', { exact: false }).fill('123456');
    await page.waitForTimeout(500);
    await open(page, server.url, '/cancellation?site=de');
    await page.goBack();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => field(page, LABELS.firstName).inputValue()).toBe('Erika');
    await expectEntriesKept(page);
    expect(await page.getByLabel('Artikelnummer', { exact: false }).inputValue()).toBe('123456');
  });

  it('keeps the last keystrokes, and the chosen file, when the page is reloaded right after them', async () => {
    const { page } = await contactPage();
    await draftLogicReady(page);
    const question = field(page, LABELS.question);
    await question.fill('Wo bleibt meine Bestellung');
    await page.getByLabel(LABELS.attachments).setInputFiles([samplePng('a.png')]);
    await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
    await page.waitForTimeout(800);
    await question.press('End');
    await page.keyboard.type(' 4711?');
    // At once a new load of the same address (a reload without the browser's own form restoration).
    await page.goto(server.url + PATH);
    await page.getByText(RESTORED, { exact: true }).waitFor();
    expect(await field(page, LABELS.question).inputValue()).toBe('Wo bleibt meine Bestellung 4711?');
    await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
  });

  it('forgets a restored draft the visitor clears (a shared computer): a reload brings nothing back', async () => {
    const { page } = await contactPage();
    await draftLogicReady(page);
    await fillRequired(page);
    await page.getByLabel(LABELS.attachments).setInputFiles([samplePng('ausweis.png')]);
    await page.getByRole('button', { name: 'ausweis.png entfernen' }).waitFor();
    await page.waitForTimeout(800);
    await page.reload();
    await page.getByText(RESTORED).waitFor();
    await page.getByRole('button', { name: 'Angaben löschen' }).click();
    await page.getByText('Ihre Angaben wurden gelöscht.').waitFor();
    expect(await field(page, LABELS.question).inputValue()).toBe('');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-question');
    await page.reload();
    await draftLogicReady(page);
    await page.waitForTimeout(500);
    expect(await page.getByText(RESTORED).count()).toBe(0);
    expect(await field(page, LABELS.question).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'ausweis.png entfernen' }).count()).toBe(0);
  });

  it('offers no clearing of a restored draft while the message is sending: a failed send keeps everything', async () => {
    const { page } = await contactPage();
    await draftLogicReady(page);
    await fillRequired(page);
    await page.waitForTimeout(800);
    await page.reload();
    await page.getByText(RESTORED).waitFor();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/service/customersupportfrontend/api/contact', async (route) => {
      await held;
      await route.fulfill({ status: 503, body: 'unavailable' });
    });
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.locator('[type=submit][aria-disabled=true]').waitFor();
    // Hidden while sending: neither a pointer nor the keyboard can reach it.
    expect(await page.getByRole('button', { name: 'Angaben löschen' }).count()).toBe(0);
    answer();
    await page.getByText(FAILURE_START, { exact: false }).waitFor();
    await expectEntriesKept(page);
    await page.getByRole('button', { name: 'Angaben löschen' }).waitFor();
  });

  it('forgets the drafts of every tab when one is cleared: a new tab brings none back', async () => {
    const { first, second, context } = await twoContactTabs();
    await field(first, LABELS.question).fill('Text aus dem ersten Tab');
    await field(second, LABELS.question).fill('Text aus dem zweiten Tab');
    await second.getByLabel(LABELS.attachments).setInputFiles([samplePng('zweites.png')]);
    await second.getByRole('button', { name: 'zweites.png entfernen' }).waitFor();
    await Promise.all([first.waitForTimeout(800), second.waitForTimeout(800)]);
    await second.close();
    await first.reload();
    await first.getByText(RESTORED).waitFor();
    await first.getByRole('button', { name: 'Angaben löschen' }).click();
    await first.getByText('Ihre Angaben wurden gelöscht.').waitFor();
    await first.close();

    const next = await newTab(context, 'de-DE');
    await open(next, server.url, PATH);
    await draftLogicReady(next);
    await next.waitForTimeout(500);
    expect(await next.getByText(RESTORED).count()).toBe(0);
    expect(await field(next, LABELS.question).inputValue()).toBe('');
    expect(await next.evaluate(() => new Promise<number>((resolve) => {
      const request = indexedDB.open('customer-support-drafts');
      request.onsuccess = () => {
        const db = request.result;
        const names = [...db.objectStoreNames];
        if (names.length === 0) return resolve(0);
        const count = db.transaction(names, 'readonly').objectStore(names[0]!).count();
        count.onsuccess = () => resolve(count.result);
      };
    }))).toBe(0);
  });

  it('keeps the other message an open tab shows when one tab clears its own older text: a new tab after that tab is closed brings its text back', async () => {
    const { first, second, context } = await twoContactTabs();
    await field(first, LABELS.question).fill('Alte Frage von gestern');
    await first.waitForTimeout(800);
    await field(second, LABELS.question).fill('Neue Nachricht mit Foto der defekten Maschine');
    await second.getByLabel(LABELS.attachments).setInputFiles([samplePng('maschine.png')]);
    await second.getByRole('button', { name: 'maschine.png entfernen' }).waitFor();
    await second.waitForTimeout(800);
    await first.reload();
    await first.getByText(RESTORED).waitFor();
    await first.getByRole('button', { name: 'Angaben löschen' }).click();
    await first.getByText('Ihre Angaben wurden gelöscht.').waitFor();
    await first.waitForTimeout(500);
    await second.close();

    const next = await newTab(context, 'de-DE');
    await open(next, server.url, PATH);
    await next.getByText(RESTORED).waitFor();
    expect(await field(next, LABELS.question).inputValue()).toBe('Neue Nachricht mit Foto der defekten Maschine');
    // The copy's file is named, not brought back: in a new tab it may be another person's.
    await next.getByText(`${RESTORED} Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: maschine.png.`, { exact: true }).waitFor();
    expect(await next.getByRole('button', { name: 'maschine.png entfernen' }).count()).toBe(0);
  });

  it('keeps what a first-time visitor typed, and the file, through a reload made 0 to 300 ms after the last keystroke', async () => {
    for (const pause of [0, 50, 150, 300]) {
      // A new visitor each time: the draft database is created during this visit. The draft logic
      // starts right after the form is shown; a reload before it has started keeps nothing (decisions.md).
      const { page } = await contactPage();
      await draftLogicReady(page);
      await page.getByLabel(LABELS.attachments).setInputFiles([samplePng('a.png')]);
      await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
      const question = field(page, LABELS.question);
      await question.fill('Wo bleibt meine Bestellung');
      await question.press('End');
      await page.keyboard.type(' 4711?');
      if (pause > 0) await page.waitForTimeout(pause);
      await page.goto(server.url + PATH);
      await page.getByText(RESTORED, { exact: true }).waitFor({ timeout: 10_000 });
      expect(await question.inputValue(), `reloaded ${pause} ms after the last keystroke`).toBe('Wo bleibt meine Bestellung 4711?');
      await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
    }
  });

  it('gives each of two tabs its own entries and file back, and a send in one leaves the other tab\'s draft whole', async () => {
    const { first, second, context } = await twoContactTabs();
    await field(first, LABELS.question).fill('Text aus dem ersten Tab');
    await first.getByLabel(LABELS.attachments).setInputFiles([samplePng('erstes.png')]);
    await first.getByRole('button', { name: 'erstes.png entfernen' }).waitFor();
    await first.waitForTimeout(800);
    await field(second, LABELS.question).fill('Text aus dem zweiten Tab');
    await second.getByLabel(LABELS.attachments).setInputFiles([samplePng('zweites.png')]);
    await second.getByRole('button', { name: 'zweites.png entfernen' }).waitFor();
    await second.waitForTimeout(800);

    await first.goto(server.url + PATH);
    await first.getByText(RESTORED, { exact: true }).waitFor();
    expect(await field(first, LABELS.question).inputValue()).toBe('Text aus dem ersten Tab');
    await first.getByRole('button', { name: 'erstes.png entfernen' }).waitFor();
    expect(await first.getByRole('button', { name: 'zweites.png entfernen' }).count()).toBe(0);

    // The first tab sends; the second tab's unsent draft stays whole.
    await field(first, LABELS.topic).selectOption('delivery');
    await field(first, LABELS.firstName).fill('Erika');
    await field(first, LABELS.lastName).fill('Mustermann');
    await field(first, LABELS.email).fill('erika@example.org');
    await first.getByRole('button', { name: LABELS.submit }).click();
    await first.getByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.').waitFor();

    await second.goto(server.url + PATH);
    await second.getByText(RESTORED, { exact: true }).waitFor();
    expect(await field(second, LABELS.question).inputValue()).toBe('Text aus dem zweiten Tab');
    await second.getByRole('button', { name: 'zweites.png entfernen' }).waitFor();
  });

  it('keeps a tab\'s file through its next text save and reload after another tab sent a copy of its draft', async () => {
    const { page: first, context } = await contactPage();
    await draftLogicReady(first);
    await fillRequired(first);
    await first.getByLabel(LABELS.attachments).setInputFiles([samplePng('beleg.png')]);
    await first.getByRole('button', { name: 'beleg.png entfernen' }).waitFor();
    await first.waitForTimeout(1500);

    // A new tab gets a copy of the draft's texts (its file is named, not brought back: it may be
    // another person's) and sends it.
    const second = await newTab(context, 'de-DE');
    await open(second, server.url, PATH);
    await second.getByText(`${RESTORED} Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: beleg.png.`, { exact: true }).waitFor();
    expect(await second.getByRole('button', { name: 'beleg.png entfernen' }).count()).toBe(0);
    await second.getByRole('button', { name: LABELS.submit }).click();
    await second.getByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.').waitFor();

    // The first tab goes on typing; its reload brings back its text and its file.
    await field(first, LABELS.question).fill('Wo bleibt meine Bestellung 4711? Noch eine Frage.');
    await first.waitForTimeout(1500);
    await first.reload();
    await first.getByText(RESTORED, { exact: true }).waitFor();
    expect(await field(first, LABELS.question).inputValue()).toBe('Wo bleibt meine Bestellung 4711? Noch eine Frage.');
    await first.getByRole('button', { name: 'beleg.png entfernen' }).waitFor();
  });

  it('after Back to a copy of another tab\'s draft still asks for its file, and a new question sent from there leaves that tab\'s draft for the next tab', async () => {
    const { page: first, context } = await contactPage();
    await draftLogicReady(first);
    await field(first, LABELS.question).fill('Meine Maschine tropft seit gestern.');
    await first.getByLabel(LABELS.attachments).setInputFiles([samplePng('maschine.png')]);
    await first.getByRole('button', { name: 'maschine.png entfernen' }).waitFor();
    await first.waitForTimeout(1500);
    await first.close();

    const asking = `${RESTORED} Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: maschine.png.`;
    const second = await newTab(context, 'de-DE');
    await open(second, server.url, PATH);
    await second.getByText(asking, { exact: true }).waitFor();
    await second.goto(`${server.url}/kein-solcher-pfad`);
    await second.goBack();
    await draftLogicReady(second);
    await second.getByText(asking, { exact: true }).waitFor();

    // Another person's own question, over every word of the copy: the first draft stays.
    await field(second, LABELS.question).fill('Wann kommt meine Bestellung 4711?');
    await field(second, LABELS.topic).selectOption('delivery');
    await field(second, LABELS.firstName).fill('Bartosz');
    await field(second, LABELS.lastName).fill('Nowak');
    await field(second, LABELS.email).fill('bartosz@example.org');
    await second.getByRole('button', { name: LABELS.submit }).click();
    await second.getByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.').waitFor();
    await second.close();

    const third = await newTab(context, 'de-DE');
    await open(third, server.url, PATH);
    await third.getByText(asking, { exact: true }).waitFor();
    expect(await field(third, LABELS.question).inputValue()).toBe('Meine Maschine tropft seit gestern.');
  });

  it('loads the send code in the background, so a send made offline shows the alternative contacts and keeps everything', async () => {
    const { page, context } = await contactPage();
    await page.waitForFunction(
      (pattern) => performance.getEntriesByType('resource').some((entry) => new RegExp(pattern).test(entry.name)),
      SUBMISSION_CHUNK.source,
    );
    await fillRequired(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByRole('alert').filter({ hasText: FAILURE_START }).waitFor();
    await page.getByRole('link', { name: 'service@kaffeeshop.de' }).waitFor();
    await expectEntriesKept(page);
  });

  it('does not reload into the offline page when the send code cannot be loaded offline: the failure text shows and nothing is lost', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { page, context } = await contactPage((ctx) =>
      ctx.route(SUBMISSION_CHUNK, async (route: Route) => {
        await released;
        await route.abort('internetdisconnected');
      }),
    );
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await fillRequired(page);
    await page.getByLabel(LABELS.attachments).setInputFiles([samplePng('a.png')]);
    await context.setOffline(true);
    release();
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByRole('alert').filter({ hasText: FAILURE_START }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await expectEntriesKept(page);
    await page.getByRole('button', { name: 'a.png entfernen' }).waitFor();
  });

  it('names a chosen file that was deleted on disk before the send, instead of a transmission error; without it the message goes', async () => {
    const { page } = await contactPage();
    const folder = mkdtempSync(join(tmpdir(), 'contact-files-'));
    try {
      const scan = samplePng('scan.png');
      const path = join(folder, scan.name);
      writeFileSync(path, scan.buffer);
      await fillRequired(page);
      await page.getByLabel(LABELS.attachments).setInputFiles(path);
      await page.getByRole('button', { name: 'scan.png entfernen' }).waitFor();
      rmSync(path);
      await page.getByRole('button', { name: LABELS.submit }).click();
      await page.getByText(`„scan.png“: ${UNREADABLE}`, { exact: true }).first().waitFor();
      expect(await page.getByRole('alert').filter({ hasText: FAILURE_START }).count()).toBe(0);
      await expectEntriesKept(page);
      await page.getByRole('button', { name: 'scan.png entfernen' }).click();
      await page.getByRole('button', { name: LABELS.submit }).click();
      await page.getByRole('heading', { name: 'Nachricht gesendet' }).waitFor();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('takes files dropped on the file button as picked ones, and a second drop adds to them', async () => {
    const { page } = await contactPage();
    const folder = mkdtempSync(join(tmpdir(), 'contact-drop-'));
    try {
      const paths = ['quittung.png', 'foto.png'].map((name) => {
        const path = join(folder, name);
        writeFileSync(path, samplePng(name).buffer);
        return path;
      });
      const button = page.locator('.file-input-button');
      await button.scrollIntoViewIfNeeded();
      const box = (await button.boundingBox())!;
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
      const cdp = await page.context().newCDPSession(page);
      for (const path of paths) {
        const data = { items: [], files: [path], dragOperationsMask: 1 };
        for (const type of ['dragEnter', 'dragOver', 'drop'] as const) await cdp.send('Input.dispatchDragEvent', { type, ...at, data });
      }
      await page.getByRole('button', { name: 'quittung.png entfernen' }).waitFor();
      await page.getByRole('button', { name: 'foto.png entfernen' }).waitFor();
      expect(page.url()).toBe(`${server.url}${PATH}`);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('a send answered while the visitor went Back shows on Forward as sent, the focus on its heading', async () => {
    // The server's answer waits until the visitor is back on the not-found page; the upload itself has
    // completed, so Back does not withdraw the send.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let answered!: () => void;
    const sent = new Promise<void>((resolve) => (answered = resolve));
    const proxy = createServer((request, response) => {
      const upstream = httpRequest(`${server.url}${request.url}`, { method: request.method, headers: request.headers }, async (reply) => {
        if (request.method === 'POST') await held;
        response.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(response).on('finish', () => request.method === 'POST' && answered());
      });
      request.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const context = await newVisitorContext(browser, origin);
      contexts.push(context);
      const page = await newTab(context, 'de-DE');
      await open(page, origin, '/agb.pdf?site=de');
      await page.getByRole('link', { name: 'Zum Kontaktformular' }).click();
      await fillRequired(page);
      await page.getByRole('button', { name: LABELS.submit }).click();
      await page.locator('[type=submit][aria-disabled=true]').waitFor();
      await page.waitForTimeout(500);
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
      answer();
      await sent;
      await page.waitForTimeout(200);
      await page.goForward();
      const heading = page.getByRole('heading', { level: 1, name: 'Nachricht gesendet' });
      await heading.waitFor();
      await page.waitForTimeout(200);
      expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('shows the error summary after a single press of send while the e-mail field still has the focus', async () => {
    const { page } = await contactPage();
    await field(page, LABELS.question).fill('Wo bleibt meine Bestellung 4711?');
    await field(page, LABELS.topic).selectOption('delivery');
    await field(page, LABELS.firstName).fill('Erika');
    await field(page, LABELS.lastName).fill('Mustermann');
    await field(page, LABELS.email).click();
    await page.keyboard.type('a@b');
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByText(INVALID_FORM, { exact: true }).waitFor({ timeout: 5000 });
  });

  it('keeps the text an autofill tool put in without input events when the topic is chosen without a press or key after a refused send (a screen reader\'s choice)', async () => {
    const { page } = await contactPage();
    await page.getByRole('button', { name: LABELS.submit }).click();
    await page.getByText(INVALID_FORM, { exact: true }).waitFor();
    const autofilled = { [LABELS.firstName]: 'Erika', [LABELS.lastName]: 'Mustermann', [LABELS.email]: 'erika@example.org' };
    await autofill(page, autofilled, true);
    // Only input and change events reach the page, as from an accessibility API's choice.
    await field(page, LABELS.topic).selectOption('delivery');
    await page.waitForTimeout(300);
    expect(await field(page, LABELS.topic).inputValue()).toBe('delivery');
    for (const [label, value] of Object.entries(autofilled)) expect(await field(page, label).inputValue()).toBe(value);
  });

  it.each(['mouse', 'click()'] as const)('keeps the text an autofill tool put in without input events, and the tick, when the legal notice is ticked by %s after a refused send (tr)', async (how) => {
    const t = await textsOf('tr');
    const context = await newVisitorContext(browser, server.url);
    contexts.push(context);
    const page = await newTab(context, 'tr-TR');
    await open(page, server.url, '/contact?site=tr');
    await page.getByRole('button', { name: t('contact.submit') }).click();
    await page.getByText(t('contact.invalidForm'), { exact: true }).waitFor();
    // What some password managers do, the focus outside the form: values set through the element,
    // no input or change event.
    const autofilled = { [t('contact.firstName.label')]: 'Ayşe', [t('contact.email.label')]: 'ayse@example.org' };
    await autofill(page, autofilled, true);
    const notice = page.getByLabel(t('contact.legalConsent.label'), { exact: true });
    // A mouse press, or a click without one (a screen reader's default action).
    if (how === 'mouse') await notice.click();
    else await notice.evaluate((box: HTMLElement) => box.click());
    await page.waitForTimeout(300);
    expect(await notice.isChecked()).toBe(true);
    for (const [label, value] of Object.entries(autofilled)) expect(await field(page, label).inputValue()).toBe(value);
  });
});
