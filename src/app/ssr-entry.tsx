/**
 * The support pages' first paint, rendered on the server (built by `vite.ssr.config.ts` into
 * `dist/server/ssr-entry.js`, loaded by the reference backend): the page's route through
 * react-router's static data router, with the site's texts, as the browser will hydrate it. The page
 * carries the router's hydration data and the dictionary as JSON (see `ssr/page-data.ts`).
 */
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, isRouteErrorResponse, type StaticHandlerContext } from 'react-router-dom';
import type { RosettaTexts } from '../adapters/browser/rosetta-texts';
import { MemoryContactSubmission } from '../adapters/memory/memory-contact-submission';
import { MemoryDraftStore } from '../adapters/memory/memory-draft-store';
import { MemorySiteStore } from '../adapters/memory/memory-site-store';
import type { PageRenderRequest, RenderedPage } from '../adapters/server/page-renderer';
import { classifyPath } from '../domain/support/routes';
import { SITES, type SiteCode } from '../domain/support/sites';
import { NO_TRACKING } from '../ui/hooks/use-tracking';
import { contactPageTitle } from '../ui/screens/contact/page-title';
import { loadErrorScreen } from '../ui/screens/error/lazy-error-screen';
import { serializeRouteErrors } from './ssr/route-errors';
import { ROUTER_DATA_ID, TEXTS_DATA_ID, type RouterHydrationData, type TextsData } from './ssr/page-data';
import { SupportFrame, createSupportRoutes } from './support-app';
import { createTexts } from './support/texts';

type Warn = (message: string, content?: unknown) => void;

// Rendering is synchronous: the warnings of one render go to the request being rendered.
let currentWarn: Warn | undefined;
const warn: Warn = (message, content) => currentWarn?.(message, content);

// One dictionary per site, built once per server process.
const textsBySite = new Map<SiteCode, Promise<RosettaTexts>>();
function textsOf(site: SiteCode): Promise<RosettaTexts> {
  let texts = textsBySite.get(site);
  if (!texts) {
    const created = createTexts(warn);
    texts = created.load(site).then(() => created);
    texts.catch(() => textsBySite.delete(site));
    textsBySite.set(site, texts);
  }
  return texts;
}

/** The title the shown screen sets in the browser (`useDocumentTitle` and the contact screen's own). */
function documentTitle(texts: RosettaTexts, pathname: string, context: StaticHandlerContext): string {
  const t = texts.t.bind(texts);
  const titled = (page: string) => t('common.documentTitle', { page, shopName: t('site.shopName') });
  const error = context.errors ? Object.values(context.errors)[0] : undefined;
  if (context.errors) return titled(t(isRouteErrorResponse(error) && error.status === 404 ? 'error.notFoundTitle' : 'error.serverTitle'));
  const { kind } = classifyPath(pathname);
  if (kind === 'cancellation') return titled(t('cancellation.title'));
  if (kind === 'cancellation-success') return titled(t('cancellation.successTitle'));
  return contactPageTitle(t);
}

/** Renders the page at `request.url` for `request.site`; `skipped` when the router answers otherwise. */
export async function renderPage(request: PageRenderRequest): Promise<RenderedPage> {
  const { url, site } = request;
  const texts = await textsOf(site);
  const siteStore = new MemorySiteStore(site);
  const handler = createStaticHandler(createSupportRoutes({ siteStore }));
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { kind: 'skipped', reason: `the router answered ${context.status} ${context.headers.get('location') ?? ''}`.trim() };
  // The query has loaded the matched routes' lazy parts; an error shown by a catch-all error element
  // needs the error screen's chunk too (rendering to a string cannot wait for it).
  if (context.errors) await loadErrorScreen();
  const router = createStaticRouter(handler.dataRoutes, context);

  currentWarn = request.warn;
  let html: string;
  try {
    html = renderToString(
      <SupportFrame siteStore={siteStore} texts={texts} tracking={NO_TRACKING} submission={new MemoryContactSubmission<File>()} drafts={new MemoryDraftStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SupportFrame>,
    );
  } finally {
    currentWarn = undefined;
  }

  const routerData: RouterHydrationData = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeRouteErrors(context.errors),
    path: new URL(url).pathname,
  };
  const dictionary = texts.dictionary(site);
  if (dictionary === undefined) return { kind: 'skipped', reason: `no dictionary for ${site}` };
  const textsData: TextsData = { site, dictionary };
  return {
    kind: 'page',
    status: context.statusCode,
    html,
    lang: SITES[site].documentLang,
    title: documentTitle(texts, new URL(url).pathname, context),
    // An error page works without JavaScript: no line saying it needs it.
    noscript: context.errors ? '' : texts.t('common.noscript'),
    // The cancellation keeps no draft: its note says the reload asked for empties the form.
    loadFailed:
      classifyPath(new URL(url).pathname).kind === 'cancellation'
        ? `${texts.t('error.loadFailed')} ${texts.t('cancellation.reloadEmpties')}`
        : texts.t('error.loadFailed'),
    data: { [ROUTER_DATA_ID]: routerData, [TEXTS_DATA_ID]: textsData },
  };
}
