/**
 * The support pages' entry: the site (query, server meta, DE) into the `contact` store, its texts
 * loaded before the first render, the router, and the tracker loaded after the first render.
 */
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { WebStorageSiteStore } from '../adapters/browser/web-storage-site-store';
import { XhrContactSubmission } from '../adapters/browser/xhr-contact-submission';
import { SupportApp, createSupportRoutes } from './support-app';
import { lazyDraftStore } from './support/lazy-draft-store';
import { createReloadGuard, reloadOnChunkError } from './support/reload-guard';
import { siteQueryLoader, startSite } from './support/site';
import { createTexts } from './support/texts';
import { createPageTracking } from './support/tracking';
import { consoleWarn as warn } from './support/warn';

const afterIdle = (task: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
  else window.setTimeout(task, 1);
};

async function start(container: HTMLElement): Promise<void> {
  const tryReload = createReloadGuard({
    storage: () => window.sessionStorage,
    now: () => Date.now(),
    path: () => window.location.pathname,
    reload: () => window.location.reload(),
    warn,
  });
  reloadOnChunkError(window, tryReload);

  const search = window.location.search;
  const siteStore = new WebStorageSiteStore({ warn });
  siteStore.set(startSite(search, document, warn));

  const texts = createTexts(warn);
  try {
    await texts.load(siteStore.getSnapshot());
  } catch (error) {
    // A missing text chunk usually means a new build: reload once; otherwise show the page with its keys.
    if (tryReload()) return;
    warn('The texts could not be loaded', error);
  }

  const submission = new XhrContactSubmission();
  const drafts = lazyDraftStore(() => import('../adapters/browser/idb-draft-store').then((m) => new m.IdbDraftStore()), warn);
  const tracking = createPageTracking({ site: () => siteStore.getSnapshot(), host: () => window.location.host, warn });
  const router = createBrowserRouter(createSupportRoutes({ siteStore, siteQueryLoader: siteQueryLoader(siteStore, document, warn, search) }));
  createRoot(container).render(
    <SupportApp
      router={router}
      siteStore={siteStore}
      texts={texts}
      tracking={tracking.client}
      submission={submission}
      drafts={drafts}
      onTextsError={(error, site) => warn('The texts of a site could not be loaded', { site, error })}
      onMounted={() => afterIdle(() => void tracking.start())}
    />,
  );
}

const container = document.getElementById('root');
if (container) void start(container);
