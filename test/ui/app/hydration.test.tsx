/**
 * The server's first paint and the browser's hydration of it agree, checked with React's development
 * build (which reports every differing text and attribute): the page rendered by the server render
 * entry for a site and path, read back and hydrated as the page's script does, with the dictionary
 * the page carries and no texts loaded. The lazy routes a page shows (a cancellation page, the 404
 * screen) are resolved first, as the page's script does.
 */
import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { MemorySiteStore } from '../../../src/adapters/memory/memory-site-store';
import { renderPage } from '../../../src/app/ssr-entry';
import { ROUTER_DATA_ID, TEXTS_DATA_ID, readServerPageData } from '../../../src/app/ssr/page-data';
import { resolveLazyMatches } from '../../../src/app/ssr/resolve-lazy-matches';
import { SupportApp, createSupportRoutes } from '../../../src/app/support-app';
import { createTexts, localeSources } from '../../../src/app/support/texts';
import type { SiteCode } from '../../../src/domain/support/sites';
import { NO_TRACKING } from '../../../src/ui/hooks/use-tracking';

const CASES: readonly { path: string; site: SiteCode; heading: RegExp; after?: RegExp }[] = [
  { path: '/contact', site: 'de', heading: /Wie können wir Ihnen helfen/ },
  { path: '/contact?site=tr', site: 'tr', heading: /Size nasıl yardımcı olabiliriz/ },
  { path: '/contact?site=hu', site: 'hu', heading: /Miben segíthetünk/ },
  { path: '/m/contact?site=ch_fr', site: 'ch_fr', heading: /Comment pouvons-nous vous aider/ },
  { path: '/cancellation', site: 'de', heading: /Kaffee-Abo kündigen/ },
  // Opened without a cancellation sent: its text follows hydration (the server has no history entry).
  { path: '/service/customersupportfrontend/cancellation/success?site=ch', site: 'ch', heading: /Kündigung/, after: /Hier gibt es keine Kündigung zu bestätigen/ },
  { path: '/assets/missing.js', site: 'de', heading: /^Page Not Found$/ },
  { path: '/m/old.css?site=tr', site: 'tr', heading: /^Page Not Found$/ },
];

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** Puts the server's answer into the document: `#root` with its markup, and the data scripts. */
async function serverPage(path: string, site: SiteCode): Promise<HTMLElement> {
  const rendered = await renderPage({ url: `http://localhost${path}`, site });
  if (rendered.kind !== 'page') throw new Error(`not rendered: ${rendered.reason}`);
  window.history.replaceState(null, '', path);
  document.documentElement.lang = rendered.lang;
  document.title = rendered.title;
  document.body.innerHTML = `<div id="root">${rendered.html}</div>`;
  for (const [id, value] of Object.entries(rendered.data)) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = id;
    script.textContent = JSON.stringify(value);
    document.body.append(script);
  }
  return document.getElementById('root')!;
}

describe('hydrating a page rendered on the server', () => {
  it.for(CASES)('$path on $site: no mismatch, no texts loaded, the same lang and title', async ({ path, site, heading, after }) => {
    const container = await serverPage(path, site);
    const serverMarkup = container.innerHTML;
    // The server's page holds the whole screen, the lazy ones too.
    expect(container.querySelector('h1')?.textContent).toMatch(heading);
    // The server's send button is disabled: a click before the script has taken over sends nothing.
    const serverSubmit = container.querySelector('form button[type="submit"]');
    if (serverSubmit) expect(serverSubmit).toBeDisabled();
    const serverTitle = document.title;
    const data = readServerPageData(document, container);
    expect(data?.texts.site).toBe(site);

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const siteLoads = vi.spyOn(localeSources, 'site');
    const texts = createTexts(vi.fn());
    texts.seed(data!.texts.site, data!.texts.dictionary);
    const siteStore = new MemorySiteStore(site);
    const routes = createSupportRoutes({ siteStore });
    await resolveLazyMatches(routes, path);
    window.__staticRouterHydrationData = data!.router;
    const router = createBrowserRouter(routes);
    window.__staticRouterHydrationData = undefined;

    await act(async () => {
      root = hydrateRoot(
        container,
        <SupportApp
          router={router}
          siteStore={siteStore}
          texts={texts}
          tracking={NO_TRACKING}
          submission={new MemoryContactSubmission<File>()}
          drafts={new MemoryDraftStore()}
        />,
        { onRecoverableError: recoverable },
      );
    });

    expect(errors).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading);
    // Hydrated, the page is the server's markup with the send button enabled.
    if (serverSubmit) expect(container.querySelector('form button[type="submit"]')).toBeEnabled();
    if (after) expect(container).toHaveTextContent(after);
    else expect(container.innerHTML).toBe(serverSubmit ? serverMarkup.replace(' disabled=""', '') : serverMarkup);
    expect(document.documentElement.lang).toBe(
      { de: 'de-DE', tr: 'tr', hu: 'hu-HU', ch_fr: 'fr-CH', ch: 'de-CH' }[site as 'de'],
    );
    expect(document.title).toBe(serverTitle);
    // The dictionary came with the page: no locale module was imported.
    expect(siteLoads).not.toHaveBeenCalled();
    router.dispose();
  });
});

describe('the page data', () => {
  const withData = (router: string, texts: string) => {
    document.body.innerHTML = `<div id="root"><p>server</p></div><script type="application/json" id="${ROUTER_DATA_ID}">${router}</script><script type="application/json" id="${TEXTS_DATA_ID}">${texts}</script>`;
    return document.getElementById('root')!;
  };

  it('is none for a page rendered in the browser (an empty #root)', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readServerPageData(document, document.getElementById('root')!)).toBeUndefined();
  });

  it('is none when a part is missing or names no site', () => {
    expect(readServerPageData(document, withData('{"loaderData":{}}', '{"site":"xx","dictionary":{}}'))).toBeUndefined();
    expect(readServerPageData(document, withData('{}', '{"site":"de","dictionary":{}}'))).toBeUndefined();
  });

  it('gives the router data and the dictionary back', () => {
    const data = readServerPageData(
      document,
      withData('{"loaderData":{"root":null},"errors":{"0":{"status":404,"__type":"RouteErrorResponse"}}}', '{"site":"TR","dictionary":{"a":"b"}}'),
    );
    expect(data).toEqual({
      router: { loaderData: { root: null }, actionData: null, errors: { 0: { status: 404, __type: 'RouteErrorResponse' } } },
      texts: { site: 'tr', dictionary: { a: 'b' } },
    });
  });
});
