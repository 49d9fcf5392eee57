/**
 * The whole support app in a memory router: real routes, real screens, the real texts of `locales/`
 * (memory twins of the site store and texts), memory twins of the contact and cancellation services.
 */
import '@testing-library/jest-dom/vitest';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { MemoryCancellationSubmission } from '../../../src/adapters/memory/memory-cancellation-submission';
import { MemoryConfirmationPdf } from '../../../src/adapters/memory/memory-confirmation-pdf';
import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { MemorySiteStore } from '../../../src/adapters/memory/memory-site-store';
import { MemoryTexts } from '../../../src/adapters/memory/memory-texts';
import { SupportApp, createSupportRoutes } from '../../../src/app/support-app';
import { siteQueryLoader, startSite } from '../../../src/app/support/site';
import { NO_TRACKING } from '../../../src/ui/hooks/use-tracking';
import type { TrackingClient } from '../../../src/ports/tracking-client';
import { allSiteDictionaries } from './site-dictionaries';

// A shared machine may be slow: wait longer than the default second for what a screen shows.
configure({ asyncUtilTimeout: 5000 });

export interface RenderAppOptions {
  /** The site the server put into the page. */
  readonly serverSite?: string;
  /** Extra routes beside the app's (e.g. one whose loader throws). */
  readonly extraRoutes?: RouteObject[];
  /** Default: a client that sends nothing. */
  readonly tracking?: TrackingClient;
}

export function renderApp(path: string, options: RenderAppOptions = {}) {
  const warn = vi.fn();
  const doc = document.implementation.createHTMLDocument('page');
  if (options.serverSite) {
    const meta = doc.createElement('meta');
    meta.name = 'support-site';
    meta.content = options.serverSite;
    doc.head.append(meta);
  }
  const search = new URL(path, 'http://localhost').search;
  const siteStore = new MemorySiteStore(startSite(search, doc, warn));
  const texts = new MemoryTexts(allSiteDictionaries(), { active: siteStore.getSnapshot() });
  const cancellationSubmission = new MemoryCancellationSubmission();
  const pdf = new MemoryConfirmationPdf();
  const routes = createSupportRoutes({
    siteStore,
    siteQueryLoader: siteQueryLoader(siteStore, doc, warn, search),
    cancellation: { submission: cancellationSubmission, pdf, navigate: (to, state) => void router.navigate(to, { state }) },
  });
  routes[0]!.children!.push(...(options.extraRoutes ?? []));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const submission = new MemoryContactSubmission<File>();
  const drafts = new MemoryDraftStore();
  const result = render(
    <SupportApp router={router} siteStore={siteStore} texts={texts} tracking={options.tracking ?? NO_TRACKING} submission={submission} drafts={drafts} />,
  );
  return { ...result, router, siteStore, texts, warn, submission, drafts, cancellationSubmission, pdf };
}

/** The path and query the router shows now. */
export const where = (router: ReturnType<typeof createMemoryRouter>) =>
  router.state.location.pathname + router.state.location.search;
