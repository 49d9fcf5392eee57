/**
 * A chunk of the contact form that fails to load after the shopper has typed (a deploy took the old
 * build's files), in real Chromium against the reference backend: once the draft keeps what was typed
 * and the server answers, the page reloads (spec §4) and the draft brings every entry back; while the
 * server does not answer, the page stays (no browser error page), touched or not, and nothing is lost.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { startSupportServer, type SupportServer } from '../support/server';
import { samplePng } from './sample-files';
import { newTab, newVisitorContext, open } from './visitor';

const PATH = '/contact?site=de';
const SUBMISSION_CHUNK = /\/assets\/xhr-contact-submission-[^/]*\.js$/;
const DRAFT_LOGIC_CHUNK = /\/assets\/contact-draft-[^/]*\.js$/;
const RESTORED = 'Wir haben Ihre noch nicht gesendeten Angaben wiederhergestellt.';
const FAILURE_START = 'Aufgrund eines Übertragungsfehlers hat uns Ihre Nachricht leider nicht erreicht.';

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

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillRequired(page: Page): Promise<void> {
  await field(page, 'Ihre Frage').fill('Wo bleibt meine Bestellung 4711?');
  await field(page, 'Thema').selectOption('delivery');
  await field(page, 'Vorname').fill('Erika');
  await field(page, 'Nachname').fill('Mustermann');
  await field(page, 'E-Mail-Adresse').fill('erika@example.org');
}

async function expectEntriesKept(page: Page): Promise<void> {
  expect(await field(page, 'Ihre Frage').inputValue()).toBe('Wo bleibt meine Bestellung 4711?');
  expect(await field(page, 'Thema').inputValue()).toBe('delivery');
  expect(await field(page, 'Vorname').inputValue()).toBe('Erika');
  expect(await field(page, 'Nachname').inputValue()).toBe('Mustermann');
  expect(await field(page, 'E-Mail-Adresse').inputValue()).toBe('erika@example.org');
}

/**
 * The form, typed into (unless `type` is false), with the `held` chunks (the send code's) held back until `deploy()`, which answers
 * them (and, unless `once`, every later request for them) with a 404, as after a deploy.
 */
async function typedForm(once: boolean, prepare?: (context: BrowserContext) => Promise<unknown>, type = true, held = [SUBMISSION_CHUNK]) {
  const context = await newVisitorContext(browser, server.url);
  contexts.push(context);
  let deploy!: () => void;
  const deployed = new Promise<void>((resolve) => (deploy = resolve));
  for (const chunk of held) {
    let requests = 0;
    await context.route(chunk, async (route: Route) => {
      requests += 1;
      if (once && requests > 1) return route.continue();
      await deployed;
      return route.fulfill({ status: 404, body: 'not found' });
    });
  }
  await prepare?.(context);
  const page = await newTab(context, 'de-DE');
  // The reload for a touched page comes with the new-build watch's chunk, loaded when the page is idle.
  const watchLoaded = page.waitForResponse(/\/assets\/new-build-module-[^/]+\.js$/);
  await open(page, server.url, PATH);
  await watchLoaded;
  await page.waitForFunction(async () => (await indexedDB.databases()).some((db) => db.name === 'customer-support-drafts'));
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  if (type) await fillRequired(page);
  return { page, deploy };
}

const samePage = (page: Page) => page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);

describe('a chunk of the contact form that fails to load after the shopper typed (Chromium)', () => {
  it('reloads the page, and the draft brings every entry back', async () => {
    const { page, deploy } = await typedForm(true);
    deploy();
    await page.getByText(RESTORED).waitFor();
    expect(await samePage(page)).toBe(false);
    await expectEntriesKept(page);
  });

  it('waits for a pause when the chunk fails while the shopper is typing: every key typed is on the reloaded form, the field focused again', async () => {
    const { page, deploy } = await typedForm(true, undefined, false);
    await field(page, 'Ihre Frage').fill('Wo bleibt meine Bestellung 4711?');
    const name = field(page, 'Vorname');
    await name.click();
    await name.pressSequentially('Frie', { delay: 150 });
    deploy();
    await name.pressSequentially('derike', { delay: 150 });
    await page.getByText(RESTORED).waitFor();
    expect(await samePage(page)).toBe(false);
    expect(await field(page, 'Ihre Frage').inputValue()).toBe('Wo bleibt meine Bestellung 4711?');
    expect(await field(page, 'Vorname').inputValue()).toBe('Friederike');
    // The field typed in has the focus again: the next keys go on in it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-firstName');
    await page.keyboard.type(' M.');
    expect(await field(page, 'Vorname').inputValue()).toBe('Friederike M.');
  });

  it('gives the caret back where the shopper was typing, in the middle of the question, not at its end', async () => {
    const { page, deploy } = await typedForm(true, undefined, false);
    const question = field(page, 'Ihre Frage');
    await question.fill('Wo bleibt meine Bestellung?');
    await question.focus();
    await page.keyboard.press('Control+Home');
    await question.pressSequentially('Hallo', { delay: 150 });
    deploy();
    await question.pressSequentially(', ', { delay: 150 });
    await page.getByText(RESTORED).waitFor();
    expect(await samePage(page)).toBe(false);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-question');
    await page.keyboard.type('Z');
    expect(await field(page, 'Ihre Frage').inputValue()).toBe('Hallo, ZWo bleibt meine Bestellung?');
  });

  it('waits while an input method composes (its candidates chosen without input events): the chosen words are on the reloaded form', async () => {
    const { page, deploy } = await typedForm(true, undefined, false);
    const question = field(page, 'Ihre Frage');
    await question.fill('Hallo ');
    await question.focus();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.imeSetComposition', { text: 'に', selectionStart: 1, selectionEnd: 1 });
    await cdp.send('Input.imeSetComposition', { text: 'にほ', selectionStart: 2, selectionEnd: 2 });
    deploy();
    // Choosing among the candidates takes a while.
    await page.waitForTimeout(3_000);
    expect(await samePage(page)).toBe(true);
    await cdp.send('Input.insertText', { text: '日本' });
    await page.getByText(RESTORED).waitFor();
    expect(await field(page, 'Ihre Frage').inputValue()).toBe('Hallo 日本');
  });

  it('also when the draft logic\'s own chunk was taken by the deploy: the page\'s boot guard keeps the texts, and the reloaded form brings them back', async () => {
    const { page, deploy } = await typedForm(true, undefined, true, [DRAFT_LOGIC_CHUNK]);
    deploy();
    await page.getByText(RESTORED).waitFor();
    expect(await samePage(page)).toBe(false);
    await expectEntriesKept(page);
  });

  it('names a chosen file on the reloaded form, for the shopper to add again, when the draft logic\'s own chunk was taken (its bytes were never kept)', async () => {
    const { page, deploy } = await typedForm(true, undefined, true, [DRAFT_LOGIC_CHUNK]);
    await page.getByLabel('Anhänge (optional)').setInputFiles([samplePng('beleg.png')]);
    await page.getByRole('button', { name: 'beleg.png entfernen' }).waitFor();
    deploy();
    await page.getByText(/Den folgenden Anhang konnten wir nicht wiederherstellen, bitte fügen Sie ihn erneut hinzu: beleg\.png/).waitFor();
    expect(await samePage(page)).toBe(false);
    await expectEntriesKept(page);
  });

  it('stays on the page while the server does not answer: the send shows the failure text and keeps everything', async () => {
    const { page, deploy } = await typedForm(false, (context) => context.route('**/build.json?*', (route) => route.abort('connectionrefused')));
    deploy();
    await page.getByRole('button', { name: 'Frage absenden' }).click();
    await page.getByRole('alert').filter({ hasText: FAILURE_START }).waitFor();
    await page.waitForTimeout(500);
    expect(await samePage(page)).toBe(true);
    await expectEntriesKept(page);
  });

  it('does not reload an untouched page into the browser\'s error page while the server does not answer', async () => {
    const unreachable = (context: BrowserContext) => context.route('**/build.json?*', (route) => route.abort('connectionrefused'));
    const { page, deploy } = await typedForm(false, unreachable, false);
    const asked = page.waitForRequest(/\/build\.json\?/);
    deploy();
    await asked;
    await page.waitForTimeout(1000);
    expect(await samePage(page)).toBe(true);
  });

  it('when the deploy took the draft logic and the new-build watch too: the send asks for a reload, and the shopper\'s own reload brings the texts back', async () => {
    const context = await newVisitorContext(browser, server.url);
    contexts.push(context);
    let deploy!: () => void;
    const deployed = new Promise<void>((resolve) => (deploy = resolve));
    let gone = true;
    await context.route(/\/assets\/(contact-later|contact-draft|new-build-module)-[^/]*\.js$/, async (route: Route) => {
      if (!gone) return route.continue();
      await deployed;
      return route.fulfill({ status: 404, body: 'not found' });
    });
    const page = await newTab(context, 'de-DE');
    await open(page, server.url, PATH);
    // Texts only: a topic chosen would mark the form as changed by itself (React keeps the text fields' value attributes equal to their values).
    await field(page, 'Ihre Frage').fill('Wo bleibt meine Bestellung 4711?');
    await field(page, 'Vorname').fill('Erika');
    await field(page, 'E-Mail-Adresse').fill('erika@example.org');
    const watchMissing = page.waitForResponse(/\/assets\/new-build-module-[^/]+\.js$/);
    deploy();
    await watchMissing;
    await page.getByRole('button', { name: 'Frage absenden' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ein Teil der Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu.' }).waitFor();
    // The reload gets the new build's files.
    gone = false;
    await page.reload();
    await page.getByText(RESTORED).waitFor();
    expect(await field(page, 'Ihre Frage').inputValue()).toBe('Wo bleibt meine Bestellung 4711?');
    expect(await field(page, 'Vorname').inputValue()).toBe('Erika');
    expect(await field(page, 'E-Mail-Adresse').inputValue()).toBe('erika@example.org');
  });
});
