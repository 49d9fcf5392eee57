/**
 * axe-core (all its rules, best practices included) on every screen of every site in real Chromium:
 * the contact screen empty and after a refused submit showing its errors, the app's not-found page,
 * and on the DACH sites the cancellation and cancellation-success screens. (The contact screen after
 * a send is checked in contact-flow.test.ts, where each site sends one.)
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ExpectStatic } from 'vitest';
import { SITES, SITE_CODES, isDach, type SiteCode } from '../../../src/domain/support/sites';
import { launchChromium } from '../support/chromium';
import { startSupportServer, type SupportServer } from '../support/server';
import { samplePng } from './sample-files';
import { textsOf } from './site-texts';
import { axeViolations, enabledButton, navigateInApp, newTab, newVisitorContext, open } from './visitor';

let browser: Browser;
let server: SupportServer;
let context: BrowserContext;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
  context = await newVisitorContext(browser, server.url, { consentCookie: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Waits for the screen's main heading to read `name`, then runs axe. */
async function violationsOnceShown(page: Page, name: string): Promise<string[]> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  return axeViolations(page);
}

/** Runs `steps` in a new tab and expects no violation in any of the states they report. */
async function checkScreens(
  expect: ExpectStatic,
  site: SiteCode,
  steps: (page: Page, found: Record<string, string[]>) => Promise<void>,
): Promise<Record<string, string[]>> {
  const page = await newTab(context, SITES[site].documentLang);
  const found: Record<string, string[]> = {};
  try {
    await steps(page, found);
  } finally {
    await page.close();
  }
  expect(Object.values(found).flat(), JSON.stringify(found, null, 1)).toEqual([]);
  return found;
}

describe('axe-core finds no violation', () => {
  it.concurrent.for(SITE_CODES)('on the contact screen (empty, errors shown) and the not-found page of %s', async (site, { expect }) => {
    const t = await textsOf(site);
    const found = await checkScreens(expect, site, async (page, results) => {
      await open(page, server.url, `/contact?site=${site}`);
      results['contact, empty'] = await violationsOnceShown(page, t('contact.heading'));

      await page.getByRole('button', { name: t('contact.submit') }).click();
      await page.getByRole('heading', { level: 2, name: t('contact.invalidForm') }).waitFor();
      await page.getByRole('link', { name: t('contact.errors.question.required') }).waitFor();
      results['contact, errors shown'] = await axeViolations(page);

      await navigateInApp(page, `/assets/x1.js?site=${site}`);
      results['not found'] = await violationsOnceShown(page, t('error.notFoundTitle'));
    });
    expect(Object.keys(found)).toHaveLength(3);
  });

  it.concurrent.for(SITE_CODES.filter(isDach))('on the cancellation and cancellation-success screens of %s', async (site, { expect }) => {
    const t = await textsOf(site);
    const found = await checkScreens(expect, site, async (page, results) => {
      await open(page, server.url, `/cancellation?site=${site}`);
      results['cancellation'] = await violationsOnceShown(page, t('cancellation.heading'));
      await open(page, server.url, `/cancellation/success?site=${site}`);
      // Opened directly: nothing to confirm (the flow's own test checks the page after a send).
      results['cancellation success'] = await violationsOnceShown(page, t('cancellation.successTitle'));
    });
    expect(Object.keys(found)).toHaveLength(2);
  });
});

/** The page is no wider than the view: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
}

/** Runs `steps` in a new tab of `visitor` in the site's language, and closes the tab. */
async function inTab(site: SiteCode, steps: (page: Page) => Promise<void>, visitor = context): Promise<void> {
  const page = await newTab(visitor, SITES[site].documentLang);
  try {
    await steps(page);
  } finally {
    await page.close();
  }
}

/** Runs `steps` in a tab of a visitor of its own: the draft its input leaves meets no other test. */
async function inOwnVisitor(site: SiteCode, steps: (page: Page) => Promise<void>): Promise<void> {
  const visitor = await newVisitorContext(browser, server.url, { consentCookie: true });
  try {
    await inTab(site, steps, visitor);
  } finally {
    await visitor.close();
  }
}

describe('the contact screen as a phone and a screen reader meet it', () => {
  it('has the draft\'s status line in the accessibility tree before it says anything, so its first notice is announced', async () => {
    await inTab('de', async (page) => {
      await open(page, server.url, '/contact?site=de');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value?: string }; ignored?: boolean }[] };
      // The attachments' announcements, the send's progress and the draft's notice: three live regions, all empty now.
      expect(nodes.filter((node) => node.role?.value === 'status' && !node.ignored)).toHaveLength(3);
    });
  });

  it('a long refused file name does not widen a 320 px page', async () => {
    const t = await textsOf('de');
    await inTab('de', async (page) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await open(page, server.url, '/contact?site=de');
      await page.getByRole('heading', { level: 1, name: t('contact.heading'), exact: true }).waitFor();
      const attachments = page.locator('input[type=file]');
      await attachments.waitFor({ state: 'attached' });
      // No hyphen or space: nothing in the name lets a line break.
      const longName = `${'Rechnung_vom_Kundenservice_'.repeat(6)}scan.exe`;
      await attachments.setInputFiles({ name: longName, mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ program') });
      await page.getByText('wurde nicht hinzugefügt', { exact: false }).first().waitFor();
      await expectNoSidewaysScroll(page);
    });
  });

  it('names the file control, in Chromium\'s accessibility tree, with its label and the words on its button (Label in Name), read once', async () => {
    const t = await textsOf('de');
    await inTab('de', async (page) => {
      await open(page, server.url, '/contact?site=de');
      await page.getByRole('heading', { level: 1, name: t('contact.heading'), exact: true }).waitFor();
      const cdp = await page.context().newCDPSession(page);
      const axNodeOf = async (selector: string) => {
        const { root } = await cdp.send('DOM.getDocument');
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
        const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
        return nodes[0];
      };
      const control = await axNodeOf('input[type=file]');
      expect(control?.name?.value).toBe(`${t('contact.attachments.label')} ${t('contact.optional')} ${t('contact.attachments.choose')}`);
      // The button-like label itself is left out of the tree: browse mode does not read its words a second time.
      expect((await axNodeOf('.file-input-button'))?.ignored).toBe(true);
    });
  });

  it('a long path on the not-found page does not widen a 320 px page', async () => {
    const t = await textsOf('tr');
    await inTab('tr', async (page) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await open(page, server.url, '/service/customersupportfrontend/Datenschutzerklaerung_und_Widerrufsbelehrung.pdf?site=tr');
      await page.getByRole('heading', { level: 1, name: t('error.notFoundTitle'), exact: true }).waitFor();
      await expectNoSidewaysScroll(page);
    });
  });

  it.for(['cz', 'sk'] as const)('on %s, the support block\'s e-mail address on a 320 px phone breaks before its "@" or a dot, not inside a word', async (site) => {
    const t = await textsOf(site);
    await inTab(site, async (page) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await open(page, server.url, `/contact?site=${site}`);
      const link = page.getByRole('complementary').getByRole('link', { name: t('site.email'), exact: true });
      await link.waitFor();
      // The characters that begin a new line of the link.
      const lineStarts = await link.evaluate((anchor) => {
        const starts: string[] = [];
        let top: number | undefined;
        const walker = document.createTreeWalker(anchor, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i += 1) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const y = range.getBoundingClientRect().top;
            if (top !== undefined && y > top + 1) starts.push(node.textContent?.[i] ?? '');
            top = y;
          }
        }
        return starts;
      });
      for (const start of lineStarts) expect(['@', '.']).toContain(start);
    });
  });

  it.concurrent.for(SITE_CODES)('on %s, with text-only zoom at 200 percent on a 320 px phone (the reflow width), no page scrolls sideways', async (site) => {
    const t = await textsOf(site);
    const paths = [`/contact?site=${site}`, `/x.pdf?site=${site}`, ...(isDach(site) ? [`/cancellation?site=${site}`] : [])];
    // A visitor of its own: the failed send at the end leaves a draft, which the other tests' forms would restore.
    const visitor = await newVisitorContext(browser, server.url, { consentCookie: true });
    await inTab(site, async (page) => {
      await page.setViewportSize({ width: 320, height: 640 });
      // What Android's text scaling, Chrome's font-size setting or Firefox's "zoom text only" do.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
      for (const path of paths) {
        await open(page, server.url, path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.getByRole('heading', { level: 2, name: t('supportBlock.title') }).waitFor();
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
        expect(widths.page, path).toBeLessThanOrEqual(widths.view);
      }
      // The form with its errors shown: no control or label reaches past the form's column.
      await open(page, server.url, `/contact?site=${site}`);
      // The skip link, focused, with its focus ring (3 px at 2 px from its box) within the view.
      await page.keyboard.press('Tab');
      const skip = await page.evaluate(() => {
        const link = document.activeElement;
        return { className: link?.className, right: (link?.getBoundingClientRect().right ?? 0) + 5 };
      });
      expect(skip.className).toBe('skip-link');
      expect(skip.right, 'the skip link with its focus ring').toBeLessThanOrEqual(320);
      await (await enabledButton(page, t('contact.submit'))).press('Enter');
      await page.getByRole('heading', { level: 2, name: t('contact.invalidForm') }).waitFor();
      const past = await page.evaluate(() => {
        const form = document.querySelector('form');
        const edge = (form?.getBoundingClientRect().right ?? 0) + 1;
        return [...(form?.querySelectorAll('label, button, input, select, textarea') ?? [])]
          .filter((node) => node.getBoundingClientRect().right > edge && getComputedStyle(node).position !== 'absolute')
          .map((node) => `${node.tagName} ${node.textContent?.trim().slice(0, 30)}`);
      });
      expect(past).toEqual([]);
      // A failed send: its box, with the site's phone number, stays within the page too.
      await page.route(/\/api\//, (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 502, body: 'down' }) : route.continue()));
      await page.locator('#contact-question').fill('Wo ist meine Bestellung?');
      await page.locator('#contact-topic').selectOption({ index: 1 });
      for (const [field, value] of [['firstName', 'Erika'], ['lastName', 'Muster'], ['email', 'erika@example.org']] as const) await page.locator(`#contact-${field}`).fill(value);
      if (site === 'tr') await page.locator('input[type=checkbox]').check();
      await (await enabledButton(page, t('contact.submit'))).press('Enter');
      await page.locator('.send-failure').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), 'after a failed send').toBeLessThanOrEqual(320);
    }, visitor).finally(() => visitor.close());
  });

  it('the skip link stays out of sight until focused, also when its text wraps', async () => {
    await inTab('hu', async (page) => {
      await page.setViewportSize({ width: 195, height: 422 });
      await open(page, server.url, '/contact?site=hu');
      const skip = page.locator('.skip-link');
      await skip.waitFor({ state: 'attached' });
      expect(await skip.evaluate((node) => node.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
      await page.keyboard.press('Tab');
      await page.waitForFunction(() => document.activeElement?.classList.contains('skip-link'));
      expect(await skip.evaluate((node) => node.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    });
  });

  it('at 400 % zoom (320 x 256 px) a refused submit shows the error summary from its heading', async () => {
    const t = await textsOf('ch_fr');
    await inTab('ch_fr', async (page) => {
      await page.setViewportSize({ width: 320, height: 256 });
      await open(page, server.url, '/contact?site=ch_fr');
      await (await enabledButton(page, t('contact.submit'))).press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: t('contact.invalidForm') });
      await heading.waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
      const box = await heading.evaluate((node) => {
        const rect = node.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, view: window.innerHeight };
      });
      expect(box.top).toBeGreaterThanOrEqual(0);
      expect(box.bottom).toBeLessThanOrEqual(box.view);
    });
  });

  it('at 400 % zoom (320 x 180 px) a file removed with the keyboard leaves the file button, which takes the focus, in view', async () => {
    await inOwnVisitor('de', async (page) => {
      await page.setViewportSize({ width: 320, height: 180 });
      await open(page, server.url, '/contact?site=de');
      const longName = 'Rechnung_Bestellung_2026-11-30_Kaffeevollautomat_Reklamation_Garantiefall_Seriennummer_ABCDEFGHIJ1234567890.png';
      const picker = page.locator('input[type=file]');
      const refused = { name: 'bad.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ program') };
      await picker.setInputFiles([samplePng(longName), samplePng('c.png'), refused]);
      await page.getByRole('button', { name: `${longName} entfernen` }).waitFor();
      // From the file button, Tab to the first remove button (the page scrolls to it), Enter.
      await picker.focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'c.png entfernen' }).waitFor();
      await page.waitForFunction(() => (document.activeElement as HTMLInputElement | null)?.type === 'file');
      const box = await page.evaluate(() => {
        const rect = document.activeElement!.getBoundingClientRect();
        return { top: rect.top, bottom: rect.bottom, view: window.innerHeight };
      });
      // The button and its focus ring (3 px, 2 px off it) in view.
      expect(box.top).toBeGreaterThanOrEqual(5);
      expect(box.bottom).toBeLessThanOrEqual(box.view);
    });
  });

  it('on a phone with its keyboard up, a failed send shows the failure text from its first line', async () => {
    const t = await textsOf('de');
    // A visitor of its own: the draft this send leaves would fill the form the next tests open empty.
    const visitor = await newVisitorContext(browser, server.url, { consentCookie: true });
    await inTab('de', async (page) => {
      await page.setViewportSize({ width: 320, height: 568 });
      await open(page, server.url, '/contact?site=de');
      await page.route(/\/api\//, (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'down' }) : route.continue()));
      await page.locator('#contact-question').fill('Wo ist meine Bestellung?');
      await page.locator('#contact-topic').selectOption({ index: 1 });
      for (const [field, value] of [['firstName', 'Erika'], ['lastName', 'Muster'], ['email', 'erika@example.org']] as const) await page.locator(`#contact-${field}`).fill(value);
      await enabledButton(page, t('contact.submit'));
      // The on-screen keyboard takes half the height; the send is the keyboard's Go key in the e-mail field.
      await page.setViewportSize({ width: 320, height: 284 });
      await page.locator('#contact-email').press('Enter');
      await page.locator('.send-failure').waitFor();
      await page.waitForTimeout(300);
      const top = await page.locator('.send-failure').evaluate((node) => node.getBoundingClientRect().top);
      // Within a pixel: the page scrolls by whole pixels (it was 140 px above the top).
      expect(top).toBeGreaterThanOrEqual(-1);
    }, visitor).finally(() => visitor.close());
  });

  it('on a desktop view a refused submit leaves the page where it is when the summary is in view, and shows it whole with its focus ring when not', async () => {
    const t = await textsOf('de');
    await inTab('de', async (page) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await open(page, server.url, '/contact?site=de');
      // Before the script takes the form over, requestSubmit would send it natively and leave the page.
      await enabledButton(page, t('contact.submit'));
      // Sent from the top of the page (Enter in the first field): the summary's place is in view.
      await page.evaluate(() => document.querySelector('form')?.requestSubmit());
      await page.getByRole('heading', { level: 2, name: t('contact.invalidForm') }).waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // Sent from the button at the bottom: the summary is scrolled in from its start, its focus ring in view.
      await page.getByRole('button', { name: t('contact.submit') }).press('Enter');
      // The ring is 3 px wide, 2 px off the box: 5 px above the summary's top must be in view.
      await page.waitForFunction(() => {
        const top = document.querySelector('.error-summary')?.getBoundingClientRect().top ?? -1;
        return window.scrollY > 0 && top >= 5 && top < 60;
      });
      // In view but for its ring (2 px below the top): brought down so the ring shows.
      await page.evaluate(() => window.scrollBy(0, (document.querySelector('.error-summary')?.getBoundingClientRect().top ?? 0) - 2));
      await page.evaluate(() => document.querySelector('form')?.requestSubmit());
      await page.waitForFunction(() => (document.querySelector('.error-summary')?.getBoundingClientRect().top ?? -1) >= 5);
      // The same at the bottom edge of a low window (2 px above it): brought in so the ring's lower edge shows too.
      await page.setViewportSize({ width: 1280, height: 360 });
      await page.evaluate(() => window.scrollBy(0, (document.querySelector('.error-summary')?.getBoundingClientRect().bottom ?? 0) - window.innerHeight + 2));
      await page.evaluate(() => document.querySelector('form')?.requestSubmit());
      await page.waitForFunction(() => (document.querySelector('.error-summary')?.getBoundingClientRect().bottom ?? Infinity) <= window.innerHeight - 5);
    });
  });

  it("the not-found page's link shows the contact form from the top, the focus in its main content", async () => {
    const t = await textsOf('pl');
    await inTab('pl', async (page) => {
      await page.setViewportSize({ width: 1280, height: 600 });
      await open(page, server.url, '/agb.pdf?site=pl');
      const link = page.getByRole('link', { name: t('error.toContact') });
      await link.waitFor();
      // The app has taken the page over (the tracker is installed after its first commit): before, the
      // server's link loads the contact page anew, a load that puts no focus anywhere.
      await page.waitForFunction(() => 'collectOnTrackApi' in window);
      await link.press('Enter');
      await page.getByRole('heading', { level: 1, name: t('contact.heading'), exact: true }).waitFor();
      await page.waitForFunction(() => document.activeElement?.tagName === 'MAIN');
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });

  it('the refused Turkish legal checkbox shows the focus ring, not only its error outline, when the summary link brings focus to it', async () => {
    const t = await textsOf('tr');
    await inTab('tr', async (page) => {
      await open(page, server.url, '/contact?site=tr');
      await (await enabledButton(page, t('contact.submit'))).press('Enter');
      const checkbox = page.getByRole('checkbox');
      await page.waitForFunction(() => document.querySelector('input[type=checkbox]')?.getAttribute('aria-invalid') === 'true');
      const outline = () =>
        checkbox.evaluate((node) => {
          const style = getComputedStyle(node);
          return { color: style.outlineColor, width: style.outlineWidth, focused: node.matches(':focus-visible') };
        });
      const refused = await outline();
      await page.getByRole('link', { name: t('contact.errors.legalConsent.required') }).press('Enter');
      const focused = await outline();
      expect(focused.focused).toBe(true);
      const ring = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-focus').trim());
      expect(focused.color).not.toBe(refused.color);
      expect(focused.width).toBe('3px');
      expect(ring).not.toBe('');
    });
  });

  it('with reduced motion asked for, no bar slides while the message waits for its first byte out; the status line says it is sending', async () => {
    const t = await textsOf('de');
    await inOwnVisitor('de', async (page) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // The send never gets anywhere (a stalled line): no upload progress comes.
      await page.route('**/api/contact', () => undefined);
      await open(page, server.url, '/contact?site=de');
      await page.getByLabel(t('contact.question.label'), { exact: true }).fill('Wo bleibt meine Bestellung?');
      await page.getByLabel(t('contact.topic.label'), { exact: true }).selectOption('delivery');
      await page.getByLabel(t('contact.firstName.label'), { exact: true }).fill('Erika');
      await page.getByLabel(t('contact.lastName.label'), { exact: true }).fill('Muster');
      await page.getByLabel(t('contact.email.label'), { exact: true }).fill('erika@example.org');
      await (await enabledButton(page, t('contact.submit'))).press('Enter');
      const bar = page.locator('.send-progress-bar');
      await bar.waitFor({ state: 'attached' });
      await page.locator('.send-progress-status').waitFor();
      expect(await bar.evaluate((node) => (node as HTMLProgressElement).position)).toBe(-1);
      expect(await bar.isVisible()).toBe(false);
    });
  });

  it('in a high-contrast (forced colors) theme a focused radio is the only one with a ring: the refused ones have their group\'s error bar', async () => {
    const t = await textsOf('at');
    await inTab('at', async (page) => {
      await page.emulateMedia({ forcedColors: 'active' });
      await open(page, server.url, '/cancellation?site=at');
      await (await enabledButton(page, t('cancellation.submit'))).press('Enter');
      await page.getByRole('group', { name: t('contact.invalidForm') }).waitFor();
      const radios = page.getByRole('radio');
      await radios.first().focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      const rings = await radios.evaluateAll((nodes) =>
        nodes.map((node) => ({ focused: node === document.activeElement, outline: getComputedStyle(node).outlineStyle })),
      );
      expect(rings).toEqual([
        { focused: true, outline: 'solid' },
        { focused: false, outline: 'none' },
      ]);
    });
  });

  it('in a high-contrast (forced colors) theme the send button keeps a visible outline', async () => {
    const t = await textsOf('de');
    await inTab('de', async (page) => {
      await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
      await open(page, server.url, '/contact?site=de');
      const send = page.getByRole('button', { name: t('contact.submit') });
      await send.waitFor();
      const look = await send.evaluate((button) => {
        const style = getComputedStyle(button);
        return { width: style.borderTopWidth, border: style.borderTopColor, background: style.backgroundColor };
      });
      expect(parseFloat(look.width)).toBeGreaterThanOrEqual(1);
      expect(look.border).not.toBe(look.background);
      expect(look.border).not.toBe('rgba(0, 0, 0, 0)');
    });
  });

  it('in a high-contrast (forced colors) theme the support block keeps an outline, where its background is gone', async () => {
    const t = await textsOf('de');
    await inTab('de', async (page) => {
      await page.emulateMedia({ forcedColors: 'active' });
      await open(page, server.url, '/cancellation?site=de');
      const block = page.getByRole('complementary', { name: t('supportBlock.title') });
      await block.waitFor();
      const look = await block.evaluate((node) => {
        const style = getComputedStyle(node);
        return { style: style.borderTopStyle, width: style.borderTopWidth, border: style.borderTopColor, background: style.backgroundColor };
      });
      expect(look.style).toBe('solid');
      expect(parseFloat(look.width)).toBeGreaterThanOrEqual(1);
      expect(look.border).not.toBe(look.background);
      expect(look.border).not.toBe('rgba(0, 0, 0, 0)');
    });
  });
});

describe('the contact screen printed, with the text enlarged, and under the pointer', () => {
  it('prints the whole question and leaves out the controls that only act on screen', async () => {
    const t = await textsOf('de');
    await inTab('de', async (page) => {
      await open(page, server.url, '/contact?site=de');
      const question = page.getByLabel(t('contact.question.label'), { exact: true });
      const lines = Array.from({ length: 14 }, (_, index) => `Satz ${index + 1} meiner Frage.`);
      await question.fill(lines.join('\n'));
      // One-line fields print whole: a long e-mail address and article number, on an A4 page's width.
      const email = page.getByRole('textbox', { name: t('contact.email.label'), exact: true });
      const article = page.getByRole('textbox', { name: t('contact.articleNumber.label') });
      await email.fill('maximilian.mustermann-schneider@kaffeeroesterei-beispielunternehmen.de');
      await article.fill('ART-1234567890-1234567890-1234567890-1234567890-1234567890');
      await page.setViewportSize({ width: 718, height: 1000 });
      await page.emulateMedia({ media: 'print' });
      for (const field of [email, article]) expect(await field.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
      // Every line, in a block that breaks across pages like any text (a text area cannot).
      const printed = page.locator('div').filter({ hasText: lines[0]!, hasNotText: 'Thema' }).last();
      expect(await printed.isVisible()).toBe(true);
      expect(await printed.evaluate((block) => (block as HTMLElement).innerText.split('\n'))).toEqual(lines);
      expect(await printed.evaluate((block) => block.getBoundingClientRect().height >= block.scrollHeight)).toBe(true);
      for (const name of [t('contact.submit'), t('contact.attachments.choose')]) {
        expect(await page.getByText(name, { exact: true }).isVisible(), name).toBe(false);
      }
      expect(await page.getByRole('link', { name: t('common.backToShop') }).isVisible()).toBe(false);
    });
  });

  it('prints no focus ring: the error summary a refused send focused, or a field, prints without the blue frame', async () => {
    const t = await textsOf('pl');
    await inTab('pl', async (page) => {
      await open(page, server.url, '/contact?site=pl');
      await page.getByRole('button', { name: t('contact.submit') }).click();
      const summary = page.locator('.error-summary');
      await summary.waitFor();
      await page.waitForFunction(() => document.activeElement?.classList.contains('error-summary'));
      const ring = () => page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
      expect(await ring()).not.toBe('none');
      await page.emulateMedia({ media: 'print' });
      expect(await ring()).toBe('none');
      await page.emulateMedia({ media: 'screen' });
      await page.keyboard.press('Tab');
      await page.getByLabel(t('contact.question.label'), { exact: true }).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await page.emulateMedia({ media: 'print' });
      expect(await ring()).toBe('none');
    });
  });

  it('prints no skip link a press of Tab showed over the shop name, and keeps a refused checkbox\'s red outline when it has the focus', async () => {
    const t = await textsOf('tr');
    await inTab('tr', async (page) => {
      await open(page, server.url, '/contact?site=tr');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: t('common.skipLink') });
      expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
      await page.emulateMedia({ media: 'print' });
      expect(await skip.isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
      await page.getByRole('button', { name: t('contact.submit') }).click();
      const consent = page.getByRole('checkbox');
      await expect.poll(() => consent.getAttribute('aria-invalid')).toBe('true');
      await consent.focus();
      await page.emulateMedia({ media: 'print' });
      expect(await consent.evaluate((box) => { const style = getComputedStyle(box); return [style.outlineStyle, style.outlineColor]; })).toEqual(['solid', 'rgb(179, 38, 30)']);
    });
  });

  it('prints what was typed before the page\'s script ran (or without it) from the text area itself, grown to its text', async () => {
    const t = await textsOf('de');
    const page = await browser.newPage({ javaScriptEnabled: false });
    try {
      await page.goto(`${server.url}/contact?site=de`);
      const question = page.getByLabel(t('contact.question.label'), { exact: true });
      await question.fill(Array.from({ length: 10 }, (_, index) => `Zeile ${index + 1} ohne Skript.`).join('\n'));
      await page.emulateMedia({ media: 'print' });
      expect(await question.isVisible()).toBe(true);
      expect(await question.evaluate((area) => area.scrollHeight <= area.clientHeight + 1)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('doubles the heading with the browser text size doubled (WCAG 1.4.4), on a phone and on a desktop', async () => {
    const t = await textsOf('de');
    for (const width of [360, 1280]) {
      await inTab('de', async (page) => {
        await page.setViewportSize({ width, height: 800 });
        await open(page, server.url, '/contact?site=de');
        const heading = page.getByRole('heading', { level: 1, name: t('contact.heading'), exact: true });
        const size = () => heading.evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
        const normal = await size();
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
        await page.waitForFunction(() => parseFloat(getComputedStyle(document.documentElement).fontSize) === 32);
        expect(await size(), `${width} px`).toBeCloseTo(normal * 2, 0);
      });
    }
  });

  it('opens the file picker from its button only, not from the empty space beside its label, and shows the hand over all of the button', async () => {
    await inTab('de', async (page) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await open(page, server.url, '/contact?site=de');
      const label = page.locator('#contact-attachments-label');
      await label.scrollIntoViewIfNeeded();
      const box = (await label.boundingBox())!;
      const row = (await label.locator('..').boundingBox())!;
      let opened = false;
      page.on('filechooser', () => (opened = true));
      // Beside the label's words, at the far end of its row.
      await page.mouse.click(row.x + row.width - 8, box.y + box.height / 2);
      await page.waitForTimeout(300);
      expect(opened).toBe(false);
      const cursor = await page.locator('input[type=file]').evaluate((input) => getComputedStyle(input, '::file-selector-button').cursor);
      expect(cursor).toBe('pointer');
    });
  });
});
