/**
 * What the suite does in the browser as a visitor: a fresh context per visit with the shop's third-party
 * hosts answered locally, consent given the two ways OneTrust gives it, the data layer read back,
 * in-app navigation, and axe-core's verdict.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** A stand-in for the affiliate tracker's script (its CDN is not reachable from the test machine). */
const AFFILIATE_STUB = 'window.exactag = window.exactag || { track: function () {} };';

export interface ContextOptions {
  /** Sets an `OptanonConsent` cookie that grants statistics (C0003) before any page loads. */
  readonly consentCookie?: boolean;
  readonly viewport?: { width: number; height: number };
  /** A phone's touch screen: taps, and `(pointer: coarse)` for the page. */
  readonly touch?: boolean;
}

/**
 * A new browser context on `origin` (pages in it share cookies and IndexedDB, not sessionStorage):
 * every other origin (the affiliate tracker's CDN, the collector, the remote log service) is answered
 * locally (a script stub, else 204), so no page waits on an unreachable host.
 */
export async function newVisitorContext(browser: Browser, origin: string, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, hasTouch: options.touch ?? false });
  await context.route(
    (url) => url.origin !== origin,
    (route) =>
      route.request().resourceType() === 'script'
        ? route.fulfill({ status: 200, contentType: 'text/javascript', body: AFFILIATE_STUB })
        : route.fulfill({ status: 204 }),
  );
  if (options.consentCookie) {
    const groups = encodeURIComponent('C0001:1,C0002:0,C0003:1,C0004:0');
    await context.addCookies([
      { name: 'OptanonConsent', value: `isGpcEnabled=0&datestamp=now&version=202401.1.0&groups=${groups}`, url: origin },
    ]);
  }
  return context;
}

/** A new tab; `locale` is sent as the locale request header (`x-locale`) with every request. */
export async function newTab(context: BrowserContext, locale?: string): Promise<Page> {
  const page = await context.newPage();
  if (locale) await page.setExtraHTTPHeaders({ 'x-locale': locale });
  return page;
}

/** Opens `path` and waits for the screen's main heading. */
export async function open(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(origin + path);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/**
 * The button named `name` once the page's script has taken it over: the form's send button is disabled
 * in the server's HTML until then, and a key pressed on it before does nothing.
 */
export async function enabledButton(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  await button.and(page.locator(':enabled')).waitFor();
  return button;
}

/** The text of the screen's main heading. */
/**
 * Fills the text fields named by their labels as some password managers do: the value set through the
 * element, no input or change event. `leaveForm`: the focus leaves the form first (a click beside it).
 */
export async function autofill(page: Page, entries: Readonly<Record<string, string>>, leaveForm = false): Promise<void> {
  await page.evaluate(
    ([values, leave]) => {
      if (leave) (document.activeElement as HTMLElement | null)?.blur();
      for (const [label, value] of Object.entries(values)) {
        const input = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label)?.control;
        if (input instanceof HTMLInputElement) input.value = value;
      }
    },
    [entries, leaveForm] as const,
  );
}

export const headingOf = async (page: Page): Promise<string> =>
  ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();

/** A later consent grant, as OneTrust pushes it once the tracker is installed. */
export async function grantConsentByPush(page: Page): Promise<void> {
  await page.waitForFunction(() => 'collectOnTrackApi' in window);
  await page.evaluate(() => {
    const w = window as unknown as { dataLayer: unknown[] };
    w.dataLayer.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });
  });
}

export type DataLayerEntry = Record<string, unknown>;

/** Waits until `window.dataLayer` holds an entry with every given value, and returns that entry. */
export async function dataLayerEntry(page: Page, match: DataLayerEntry): Promise<DataLayerEntry> {
  try {
    const handle = await page.waitForFunction((wanted) => {
      const layer = (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? [];
      const found = layer.find((entry) => Object.entries(wanted).every(([key, value]) => entry?.[key] === value));
      return found ? JSON.parse(JSON.stringify(found)) : undefined;
    }, match);
    return (await handle.jsonValue()) as DataLayerEntry;
  } catch (error) {
    const installed = await page.evaluate(() => 'collectOnTrackApi' in window).catch(() => 'unknown');
    const layer = await dataLayerOf(page).catch(() => 'unreadable');
    throw new Error(
      `No data-layer entry ${JSON.stringify(match)} (tracker installed: ${installed}; data layer: ${JSON.stringify(layer)})`,
      { cause: error },
    );
  }
}

/** A copy of `window.dataLayer`. */
export const dataLayerOf = (page: Page): Promise<DataLayerEntry[]> =>
  page.evaluate(() => JSON.parse(JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])));

/**
 * Moves to `path` inside the app, as the router does on a back or forward step (no request to the
 * server): the way a visitor reaches the app's own not-found page for a file path.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * axe-core's violations on the page (all rules, best practices included), one line each
 * (`rule (impact): selectors`); empty when there are none. A page without frames is checked in
 * "legacy" mode, which runs axe in the page itself instead of finishing every analysis in a new blank
 * page (about three times faster, the same rules); a page with frames gets the frame-aware run.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(page.frames().length === 1);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
