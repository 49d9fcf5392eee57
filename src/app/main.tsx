/**
 * The support pages' entry: the site (query, server meta, DE) into the `contact` store, its texts,
 * the router, and the tracker and the new-build watch loaded after the first render. A page the
 * server rendered is hydrated with the dictionary and router data it carries (no texts chunk before
 * the first interaction); any other page is rendered here, after its texts chunk has loaded.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { WebStorageSiteStore } from '../adapters/browser/web-storage-site-store';
import { CHUNK_STALLED, loadChunk } from '../ui/lazy-chunk';
import { loadErrorScreen } from '../ui/screens/error/lazy-error-screen';
import { adoptEarlyInput, enteredBeforeStart, watchEarlyInput } from './ssr/adopt-early-input';
import { readServerPageData, type ServerPageData } from './ssr/page-data';
import { resolveLazyMatches } from './ssr/resolve-lazy-matches';
import { SupportApp, createSupportRoutes } from './support-app';
import { sameScreen } from '../domain/support/routes';
import { lazyContactSubmission } from './support/lazy-contact-submission';
import { lazyDraftStore } from './support/lazy-draft-store';
import { watchInteraction } from './support/interaction';
import { OPTIONAL_CHUNKS, createReloadGuard, reloadOnChunkError } from './support/reload-guard';
import { SERVER_LOCALE_META, readMeta, siteQueryLoader, startSite } from './support/site';
import { createTexts } from './support/texts';
import { createPageTracking, type TrackerModule } from './support/tracking';
import { consoleWarn as warn } from './support/warn';

declare global {
  interface Window {
    /** Read by react-router's `createBrowserRouter` (it turns the serialized errors back into errors). */
    __staticRouterHydrationData?: unknown;
  }
}

const afterIdle = (task: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else window.setTimeout(task, 1);
};

/**
 * The tracker's chunk, evaluated in one idle task and handed over (to be installed) in the next: two
 * short tasks instead of one long one.
 */
const loadTracker = (): Promise<TrackerModule> =>
  loadChunk(() => import('./support/tracker-module')).then((module) => new Promise<TrackerModule>((resolve) => afterIdle(() => resolve(module))));

/** The server's rendering and its data, when the page has both; a malformed page is rendered here. */
function serverRendering(container: HTMLElement): ServerPageData | undefined {
  try {
    return readServerPageData(document, container);
  } catch (error) {
    warn('The server page data could not be read; rendering in the browser', error);
    return undefined;
  }
}

async function start(container: HTMLElement): Promise<void> {
  const tryReload = createReloadGuard({
    storage: () => window.sessionStorage,
    now: () => Date.now(),
    path: () => window.location.pathname,
    reload: () => window.location.reload(),
    warn,
    offline: () => window.navigator.onLine === false,
  });
  // Before hydrating: a page the visitor has touched is never reloaded in place (a new build, a chunk
  // that failed to load).
  const interaction = watchInteraction(document);
  // Typed into before this script ran (a slow line): touched already.
  if (enteredBeforeStart(document)) interaction.mark();
  // The tracker and the new-build watch: the page works without them.
  // Until the new-build watch's chunk takes over (it also asks the server before a reload).
  const stopChunkReload = reloadOnChunkError(window, tryReload, interaction.touched, OPTIONAL_CHUNKS);

  const search = window.location.search;
  const siteStore = new WebStorageSiteStore({ warn });
  siteStore.set(startSite(search, document, warn));

  const texts = createTexts(warn);
  let server = serverRendering(container);
  if (server && server.texts.site !== siteStore.getSnapshot()) {
    warn('The server rendered another site; rendering in the browser', { server: server.texts.site, site: siteStore.getSnapshot() });
    server = undefined;
  }
  if (server) texts.seed(server.texts.site, server.texts.dictionary);
  else {
    try {
      await texts.load(siteStore.getSnapshot());
    } catch (error) {
      // A missing text chunk usually means a new build: reload once; otherwise show the page with its keys.
      if (tryReload()) return;
      warn('The texts could not be loaded', error);
    }
  }

  // The request's locale (the server's meta), sent on with every form and used for number formats.
  const locale = readMeta(document, SERVER_LOCALE_META);
  const submission = lazyContactSubmission<File>(
    () => loadChunk(() => import('../adapters/browser/xhr-contact-submission')).then((m) => new m.XhrContactSubmission({ locale })),
    warn,
  );
  const drafts = lazyDraftStore(() => loadChunk(() => import('./support/browser-draft-store')).then((m) => m.createBrowserDraftStore(warn)), warn);
  const tracking = createPageTracking({ site: () => siteStore.getSnapshot(), host: () => window.location.host, warn, load: loadTracker });
  const routes = createSupportRoutes({
    siteStore,
    siteQueryLoader: siteQueryLoader(siteStore, document, warn, search),
    cancellation: { locale, navigate: (to, state) => void routerOnce().navigate(to, { state }) },
  });
  // Hydrated only when the first render can be the server's page.
  let hydrate = server !== undefined;
  if (server) {
    // The first render must be the server's page: its lazy routes (a cancellation page, a 404) and the
    // error screen of an error it shows are loaded before hydrating.
    const firstRenderParts = () =>
      Promise.all([resolveLazyMatches(routes, window.location.pathname + search), server.router.errors ? loadErrorScreen() : undefined]);
    // A load that stalled still has its request open: asked again, it waits on that same request.
    const stalled = (error: unknown) => (error as Error | undefined)?.message === CHUNK_STALLED;
    try {
      // Twice on a page typed into before this script ran (an untouched one reloads): a chunk whose load
      // failed once (a connection reset) mostly comes the second time, and hydrating keeps the server's
      // page with what was typed into it.
      await firstRenderParts().catch((error: unknown) => (interaction.touched() && !stalled(error) ? firstRenderParts() : Promise.reject(error)));
    } catch (error) {
      warn('A chunk of the page could not be loaded before hydrating', error);
      const late = stalled(error) && !server.router.errors;
      // A page typed into keeps the server's page with what was typed, and the boot guard's note asks
      // for the reload (as when the entry script fails): the browser's rendering replaced the form,
      // typed values and all, by an error page (a deploy while a cancellation was typed on a slow line;
      // QA pass). The server's send button stays disabled: nothing is sent without the app. So does a
      // page whose chunk stalled: rendered anew, it was blank while the router waited on the same
      // request (deploy QA pass). That chunk may still come (a slow line): the page waits for it while
      // its request is open, and is taken over when it comes.
      const note = (late || interaction.touched()) && window.supportShowLoadFailed?.();
      if (note) {
        const came = (): Promise<boolean> => firstRenderParts().then(() => true, (again: unknown) => stalled(again) && came());
        if (!late || !(await came())) return;
        note.hidden = true;
      } else {
        // An error page the server rendered (a 404, a 500) is whole without the app: its link to the
        // contact form works as it is. Rendered anew without its chunk, it kept only the load-failure
        // heading (first-load QA pass).
        if (server.router.errors) return;
        // Vite's preload error has asked for the reload already (an untouched page); the router tries the chunk once more.
        // Without the chunk the first render cannot match the server's markup: it replaces it instead
        // (hydrating would put the browser's page beside the server's).
        hydrate = false;
      }
    }
  }
  // The address may show another screen than the server rendered: Back or Forward pressed while the
  // page loaded went to an entry of this document (a cancellation's success screen) before its script
  // came. Hydrating the server's form under the success screen's address stacked two whole pages, or
  // tracked one screen under the other's path (QA pass): the browser renders the address's screen.
  const serverScreen = server !== undefined && sameScreen(server.router.path ?? window.location.pathname, window.location.pathname);
  if (server && !serverScreen) {
    warn('The address changed before the page was taken over; rendering in the browser', { server: server.router.path, address: window.location.pathname });
    hydrate = false;
    // The server's form goes: what was typed into it is kept as its draft (the boot guard writes the
    // contact form's), which the form shown later brings back; the guard's refill of it is no one's now.
    if (interaction.touched()) window.supportKeepInput?.();
    window.supportRefilled?.();
  }
  // Back or Forward to another screen of this document after that check, before the app is mounted
  // (hydration runs in slices, hundreds of ms on a slow phone): the first render would no longer be the
  // server's page (two pages stacked, or the typed text lost; QA pass). The page reloads at the new
  // address instead, the contact form's input kept as its draft.
  let mounted = false;
  // A popstate a script dispatches itself (a tool driving the router) is the router's, as before.
  const movedBeforeMount = (event: PopStateEvent) => {
    if (!event.isTrusted || mounted || !server || sameScreen(server.router.path ?? window.location.pathname, window.location.pathname)) return;
    if (interaction.touched()) window.supportKeepInput?.();
    tryReload();
  };
  if (hydrate) window.addEventListener('popstate', movedBeforeMount);
  // Made at the first render (a task of its own: made with the check above, the start's long task grew
  // by some 80 ms of Lighthouse's blocking time), once.
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  const routerOnce = () => {
    if (router) return router;
    window.__staticRouterHydrationData = serverScreen ? server?.router : undefined;
    router = createBrowserRouter(routes);
    window.__staticRouterHydrationData = undefined;
    return router;
  };
  const app = (
    <SupportApp
      router={routerOnce}
      siteStore={siteStore}
      texts={texts}
      tracking={tracking.client}
      submission={submission}
      drafts={drafts}
      onTextsError={(error, site) => warn('The texts of a site could not be loaded', { site, error })}
      locale={locale}
      onMounted={() => {
        mounted = true;
        window.removeEventListener('popstate', movedBeforeMount);
        // What was entered before the page was hydrated reaches the form's state now.
        if (adoptEarlyInput() > 0) interaction.mark();
        afterIdle(() => void tracking.start());
        // The send's code, loaded while nothing else happens: a send made offline later needs no chunk.
        afterIdle(() => submission.preload());
        // New-build polling (spec §7) costs nothing at first paint: its chunk comes when idle.
        afterIdle(() => {
          loadChunk(() => import('./support/new-build-module')).then(
            (module) => module.startNewBuildWatch(routerOnce(), tryReload, interaction, stopChunkReload),
            (error: unknown) => warn('The new-build watch could not be loaded', error),
          );
        });
      }}
    />
  );
  if (hydrate) {
    watchEarlyInput(container);
    // Hydration as a transition: React does it in short slices, so the page stays responsive, and an
    // event on a part not yet hydrated makes React hydrate that part first and replay it.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
}

const container = document.getElementById('root');
if (container) void start(container);
