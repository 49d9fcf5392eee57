/**
 * Every route and redirect of the shared decisions ("Routes") in real Chromium against the reference
 * backend: the three prefixes of each page, the DACH guard of the cancellation pages (on a full load,
 * answered by the server, and inside the app, answered by the router), the redirects of unknown page
 * paths keeping the query, and the 404 of file paths: the not-found page for a navigation, never the
 * app's HTML for a script or fetch.
 */
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { ROUTE_PREFIXES, pagePath, type PageKind } from '../../../src/domain/support/routes';
import { SITES, SITE_CODES, isDach, type SiteCode } from '../../../src/domain/support/sites';
import { launchChromium } from '../support/chromium';
import { startSupportServer, type SupportServer } from '../support/server';
import { textsOf } from './site-texts';
import { enabledButton, headingOf, navigateInApp, newTab, newVisitorContext, open } from './visitor';

let browser: Browser;
let server: SupportServer;
let context: BrowserContext;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startSupportServer()]);
  context = await newVisitorContext(browser, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs `steps` in a new tab of the shared context (the site store lives in the tab's sessionStorage). */
async function inTab(steps: (page: Page) => Promise<void>): Promise<void> {
  const page = await newTab(context);
  try {
    await steps(page);
  } finally {
    await page.close();
  }
}

const prefixName = (prefix: string) => prefix || '(root)';
const QUERY = (site: SiteCode) => `?site=${site}&utm_source=newsletter`;

/** Loads `path` in a fresh visit, waits for a heading, and hands page and first response to `check`. */
async function visit(path: string, check: (page: Page, response: Response) => Promise<void>): Promise<void> {
  await inTab(async (page) => {
    const response = await page.goto(server.url + path);
    if (!response) throw new Error(`No response for ${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await check(page, response);
  });
}

/** The redirect the server answered before `response`: its status and target. */
const redirectBefore = async (response: Response) => {
  const previous = await response.request().redirectedFrom()?.response();
  return previous ? { status: previous.status(), location: previous.headers()['location'] } : undefined;
};

describe('the contact page', () => {
  const paths = ROUTE_PREFIXES.map((prefix) => ({ prefix, path: pagePath('contact', prefix) }));
  it.concurrent.for(paths)('renders the contact screen at $path', async ({ prefix, path }, { expect }) => {
    const t = await textsOf('de');
    await visit(path, async (page, response) => {
      expect(response.status()).toBe(200);
      expect(page.url()).toBe(`${server.url}${prefix}/contact`);
      expect(await headingOf(page)).toBe(t('contact.heading'));
      await page.getByText(t('contact.eyebrow'), { exact: true }).waitFor();
      await page.getByRole('button', { name: t('contact.submit') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(SITES.de.documentLang);
    });
  });
});

const CANCELLATION_PAGES: readonly { kind: Exclude<PageKind, 'contact'>; heading: string; shift: number }[] = [
  { kind: 'cancellation', heading: 'cancellation.heading', shift: 0 },
  // Opened directly, the success page has nothing to confirm: its heading is the page's title.
  { kind: 'cancellation-success', heading: 'cancellation.successTitle', shift: 1 },
];

/**
 * Each site once per page, the prefixes rotated over the sites (and shifted between the two pages):
 * every page is seen under every prefix both let in and sent away, and every site on both pages.
 */
const rotation = (sites: readonly SiteCode[], shift: number) =>
  sites.map((site, index) => {
    const prefix = ROUTE_PREFIXES[(index + shift) % ROUTE_PREFIXES.length]!;
    return { site, prefix, name: prefixName(prefix) };
  });

describe.each(CANCELLATION_PAGES)('the $kind page', ({ kind, heading, shift }) => {
  it.concurrent.for(rotation(SITE_CODES.filter(isDach), shift))(
    `renders for $site at $name${pagePath(kind)}`,
    async ({ prefix, site }, { expect }) => {
      const t = await textsOf(site);
      const path = pagePath(kind, prefix) + QUERY(site);
      await visit(path, async (page, response) => {
        expect(response.status()).toBe(200);
        expect(page.url()).toBe(server.url + path);
        expect(await headingOf(page)).toBe(t(heading));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(SITES[site].documentLang);
      });
    },
  );

  it.concurrent.for(rotation(SITE_CODES.filter((site) => !isDach(site)), shift))(
    `sends $site from $name${pagePath(kind)} to the contact page under the same prefix, keeping the query`,
    async ({ prefix, site }, { expect }) => {
      const t = await textsOf(site);
      const target = pagePath('contact', prefix) + QUERY(site);
      await visit(pagePath(kind, prefix) + QUERY(site), async (page, response) => {
        expect(await redirectBefore(response)).toEqual({ status: 302, location: target });
        expect(page.url()).toBe(server.url + target);
        expect(await headingOf(page)).toBe(t('contact.heading'));
      });
    },
  );
});

describe('the cancellation guard inside the app', () => {
  it.concurrent('sends a non-DACH site named in the query to the contact page of the same prefix', async ({ expect }) => {
    const t = await textsOf('pl');
    await inTab(async (page) => {
      await open(page, server.url, '/contact?site=pl');
      await navigateInApp(page, '/m/cancellation?site=pl&step=2');
      await page.waitForURL(`${server.url}/m/contact?site=pl&step=2`);
      expect(await headingOf(page)).toBe(t('contact.heading'));
    });
  });

  it.concurrent('goes by the site of the store when the path names none (tr sent away, ch let in)', async ({ expect }) => {
    const [tr, ch] = await Promise.all([textsOf('tr'), textsOf('ch')]);
    await inTab(async (page) => {
      await open(page, server.url, '/contact?site=tr');
      await navigateInApp(page, '/cancellation/success');
      await page.waitForURL(`${server.url}/contact`);
      expect(await headingOf(page)).toBe(tr('contact.heading'));

      await open(page, server.url, '/contact?site=ch');
      await navigateInApp(page, '/service/customersupportfrontend/cancellation');
      await page.getByRole('heading', { level: 1, name: ch('cancellation.heading') }).waitFor();
      expect(page.url()).toBe(`${server.url}/service/customersupportfrontend/cancellation`);
    });
  });
});

describe('unknown page paths', () => {
  const REDIRECTS = [
    { from: '/', to: '/contact' },
    { from: '/foo', to: '/contact' },
    { from: '/foo/bar?site=hu&x=1', to: '/contact?site=hu&x=1' },
    { from: '/service/customersupportfrontend/foo?site=ch', to: '/contact?site=ch' },
    { from: '/m/foo', to: '/m/contact' },
    { from: '/m/foo/bar?x=1&site=sk', to: '/m/contact?x=1&site=sk' },
  ];

  it.concurrent.for(REDIRECTS)('redirect $from to $to', async ({ from, to }, { expect }) => {
    const site = (new URLSearchParams(to.split('?')[1]).get('site') ?? 'de') as SiteCode;
    const t = await textsOf(site);
    await visit(from, async (page, response) => {
      expect(await redirectBefore(response)).toEqual({ status: 302, location: to });
      expect(page.url()).toBe(server.url + to);
      expect(await headingOf(page)).toBe(t('contact.heading'));
    });
  });
});

describe('file paths', () => {
  it.concurrent.for(['/assets/missing.js', '/favicon.png', '/m/logo.svg'])(
    '%s answers 404 and is not redirected: a navigation shows the not-found page, a script or fetch gets no HTML',
    async (path, { expect }) => {
      const t = await textsOf('de');
      await inTab(async (page) => {
        const response = await page.goto(server.url + path);
        expect(response?.status()).toBe(404);
        expect(response?.request().redirectedFrom()).toBeNull();
        expect(page.url()).toBe(server.url + path);
        await page.getByText(t('error.notFoundMessage', { path }), { exact: true }).waitFor();
        // What a chunk load sees: no HTML that would hide the failure from the reload guard.
        const fetched = await page.evaluate(async (url) => {
          const answer = await fetch(url);
          return { status: answer.status, type: answer.headers.get('content-type') ?? '', body: await answer.text() };
        }, server.url + path);
        expect(fetched.status).toBe(404);
        expect(fetched.type).not.toMatch(/html/);
        expect(fetched.body).not.toMatch(/<html|<!doctype|<script/i);
      });
    },
  );

  it.concurrent.for([
    ['/Rabatt-50%.pdf?site=tr', '/Rabatt-50%.pdf', 'tr'],
    ['/m/agb%E0%A4.pdf', '/m/agb%E0%A4.pdf', 'de'],
  ] as const)('%s, a file path that cannot be decoded, shows the not-found page naming it as written', async ([path, shown, site], { expect }) => {
    const t = await textsOf(site);
    await inTab(async (page) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const response = await page.goto(server.url + path);
      expect(response?.status()).toBe(404);
      await page.getByText(t('error.notFoundMessage', { path: shown }), { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: t('error.toContact') }).count()).toBe(1);
      expect(errors).toEqual([]);
    });
  });

  it.concurrent('reached inside the app, show the not-found page with its path and a way back', async ({ expect }) => {
    const t = await textsOf('sk');
    await inTab(async (page) => {
      await open(page, server.url, '/m/contact?site=sk');
      await navigateInApp(page, '/assets/x1.js?site=sk');
      await page.getByRole('heading', { level: 1, name: t('error.notFoundTitle') }).waitFor();
      await page.getByText(t('error.notFoundMessage', { path: '/assets/x1.js' }), { exact: true }).waitFor();
      expect(await page.getByText(t('error.status', { status: 404 })).count()).toBe(1);

      await page.getByRole('link', { name: t('error.toContact') }).click();
      await page.waitForURL(`${server.url}/contact?site=sk`);
      // The address changes before the router has rendered the contact screen.
      await page.getByRole('heading', { level: 1, name: t('contact.heading'), exact: true }).waitFor();
    });
  });

  it('a tracker chunk a content blocker refuses does not reload the page: the form works without tracking', async () => {
    const t = await textsOf('de');
    const page = await newTab(context);
    try {
      await page.route(/\/assets\/tracker-module-[^/]*\.js$/, (route) => route.abort('blockedbyclient'));
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });
      await page.goto(server.url + '/contact?site=de');
      await (await enabledButton(page, t('contact.submit'))).press('Enter');
      await page.getByRole('heading', { level: 2, name: t('contact.invalidForm') }).waitFor();
      // The tracker's chunk is asked for when the page is idle (at the latest 2 s after it started).
      await expect.poll(() => warnings.some((line) => line.includes('The tracker could not be loaded or installed')), { timeout: 10_000 }).toBe(true);
      await page.waitForTimeout(500);
      expect(documents).toEqual(['/contact']);
    } finally {
      await page.close();
    }
  });

  it.for([
    ['cancellation-page', '/cancellation?site=ch'],
    ['contact-later', '/contact?site=tr'],
  ] as const)('a page whose %s chunk is missing reloads once, with no misleading error on the console', async ([chunk, address]) => {
    const page = await newTab(context);
    try {
      await page.route(new RegExp(`/assets/${chunk}-[^/]*\\.js$`), (route) => route.fulfill({ status: 404, body: '' }));
      const logged: string[] = [];
      page.on('pageerror', (error) => logged.push(error.message));
      page.on('console', (message) => logged.push(message.text()));
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });
      await page.goto(server.url + address);
      await page.waitForTimeout(3000);
      const path = address.split('?')[0];
      expect(documents).toEqual([path, path]);
      expect(logged.filter((line) => /destructure|undefined|#418|Minified React error/i.test(line))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('a click to the contact form after a deploy (its chunks of the old build gone) loads the form in full, which validates', async () => {
    const t = await textsOf('de');
    const page = await newTab(context);
    try {
      let deployed = false;
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });
      // The old build's later chunks answer 404 once the deploy happened, until a page of the new build is loaded.
      await page.route(/\/assets\/contact-(later|draft)-[^/]*\.js$/, (route) =>
        deployed && documents.length === 1 ? route.fulfill({ status: 404, body: '' }) : route.continue(),
      );
      await page.goto(server.url + '/agb.pdf?site=de');
      await page.getByRole('heading', { level: 1, name: t('error.notFoundTitle') }).waitFor();
      await page.waitForTimeout(500);
      deployed = true;
      await page.getByRole('link', { name: t('error.toContact') }).click();
      await expect.poll(() => documents).toEqual(['/agb.pdf', '/contact']);
      await (await enabledButton(page, t('contact.submit'))).press('Enter');
      await page.getByRole('heading', { level: 2, name: t('contact.invalidForm') }).waitFor();
    } finally {
      await page.close();
    }
  });

  it("whose error screen cannot be loaded keep the server's whole page after the one reload, its link to the contact form working, without asking for the chunk in a loop", async () => {
    const t = await textsOf('de');
    const page = await newTab(context);
    try {
      let asked = 0;
      await page.route(/\/assets\/error-screen-[^/]*\.js$/, (route) => {
        asked += 1;
        return route.fulfill({ status: 404, body: '' });
      });
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
      });
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(server.url + '/x.pdf?site=de');
      await expect.poll(() => documents.length, { timeout: 15_000 }).toBe(2);
      await page.waitForTimeout(3000);
      // The page load and the reload; nothing asks again.
      expect(asked).toBeLessThanOrEqual(4);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(t('error.notFoundTitle'));
      // Before and after the reload nothing was hydrated over the server's page (React's #418 mismatch).
      expect(pageErrors).toEqual([]);
      await page.getByRole('link', { name: t('error.toContact') }).click();
      await page.getByRole('button', { name: t('contact.submit') }).waitFor();
    } finally {
      await page.close();
    }
  });
});
