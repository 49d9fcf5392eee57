/**
 * The support pages' router and providers (shared decisions "Routes"): contact, cancellation and
 * cancellation success under the three prefixes, the DACH guard of the cancellation pages, the
 * redirects of unknown page paths, the not-found page of file paths, and the error page.
 */
import { StrictMode, useEffect, type ReactNode } from 'react';
import { RouterProvider, data, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { ROUTE_PREFIXES, cancellationGuard, pagePath, redirectFor, type RoutePrefix } from '../domain/support/routes';
import { parseSite, type SiteCode } from '../domain/support/sites';
import type { ContactSubmission } from '../ports/contact-submission';
import type { CancellationServices } from './support/cancellation-page';
import type { DraftStore } from '../ports/draft-store';
import type { SiteStore } from '../ports/site-store';
import type { Texts } from '../ports/texts';
import type { TrackingClient } from '../ports/tracking-client';
import { AppShell } from '../ui/app-shell/app-shell';
import { ShellLayout } from '../ui/app-shell/shell-layout';
import { SupportProviders } from '../ui/providers/support-providers';
import { ContactScreen } from '../ui/screens/contact/contact-screen';
import { ContactServicesProvider } from '../ui/screens/contact/contact-services';
import { loadChunk } from '../ui/lazy-chunk';
import { LazyErrorScreen, loadErrorScreen } from '../ui/screens/error/lazy-error-screen';

export interface SupportRoutesOptions {
  readonly siteStore: SiteStore;
  /** The cancellation pages' services (tests: memory twins); by default the browser's. */
  readonly cancellation?: CancellationServices;
  /** The root loader: applies a navigation's `?site=` to the store. */
  readonly siteQueryLoader?: (args: LoaderFunctionArgs) => null;
}

/** The cancellation pages' loader: DACH sites pass, others go to the contact page under the same prefix. */
const dachGuard =
  (siteStore: SiteStore, prefix: RoutePrefix) =>
  ({ request }: LoaderFunctionArgs): null => {
    const url = new URL(request.url);
    const site = parseSite(url.searchParams.get('site')) ?? siteStore.getSnapshot();
    const target = cancellationGuard(site, prefix, url.search);
    if (target !== null) throw redirect(target);
    return null;
  };

/** Any other path: a page path is redirected; a file path is a 404 ('Page not found: {path}'). */
const unknownPath = ({ request }: LoaderFunctionArgs): null => {
  const url = new URL(request.url);
  const target = redirectFor(url.pathname, url.search);
  if (target !== null) throw redirect(target);
  throw data(null, { status: 404, statusText: 'Not Found' });
};

// The cancellation pages and the error screen are chunks of their own (route `lazy`), loaded with the
// route's loader; the contact page, the one most visits show, is in the page's first script.
const cancellationPage = (step: 'form' | 'success', prefix: RoutePrefix, services?: CancellationServices) => async () =>
  (await loadChunk(() => import('./support/cancellation-page'))).cancellationElement(step, prefix, services);
const errorScreen = async () => {
  const ErrorScreen = await loadErrorScreen();
  return <ErrorScreen />;
};

/**
 * Every route of the support pages, for `createBrowserRouter` (and `createMemoryRouter` in tests). Some
 * are `lazy`: a page hydrating one resolves it first (`resolveLazyMatches`).
 */
export function createSupportRoutes({ siteStore, siteQueryLoader, cancellation }: SupportRoutesOptions): RouteObject[] {
  const pages: RouteObject[] = ROUTE_PREFIXES.flatMap((prefix): RouteObject[] => [
    { path: pagePath('contact', prefix), element: <ContactScreen /> },
    {
      path: pagePath('cancellation', prefix),
      loader: dachGuard(siteStore, prefix),
      lazy: { element: cancellationPage('form', prefix, cancellation) },
    },
    {
      path: pagePath('cancellation-success', prefix),
      loader: dachGuard(siteStore, prefix),
      lazy: { element: cancellationPage('success', prefix, cancellation) },
    },
  ]);
  // A file path's 404 is shown by its own route's error element (loaded with the route); the outer
  // error elements catch anything else, such as a screen that fails to render.
  const notFound: RouteObject = { path: '*', loader: unknownPath, element: null, lazy: { errorElement: errorScreen } };
  return [
    {
      id: 'root',
      element: <ShellLayout />,
      loader: siteQueryLoader ?? (() => null),
      hydrateFallbackElement: <></>,
      errorElement: (
        <AppShell>
          <LazyErrorScreen />
        </AppShell>
      ),
      children: [{ errorElement: <LazyErrorScreen />, children: [...pages, notFound] }],
    },
  ];
}

export interface SupportFrameProps {
  readonly siteStore: SiteStore;
  readonly texts: Texts;
  readonly tracking: TrackingClient;
  readonly submission: ContactSubmission<File>;
  readonly drafts: DraftStore;
  readonly onTextsError?: (error: unknown, site: SiteCode) => void;
  /** The request's locale (`x-locale`, from `<meta name="support-locale">`), for number formats. */
  readonly locale?: string;
  /** Called once after the first render (the page then loads the tracker). */
  readonly onMounted?: () => void;
  /** The router's provider (the browser's, or the server's static one). */
  readonly children?: ReactNode;
}

type DataRouter = Parameters<typeof RouterProvider>[0]['router'];

export interface SupportAppProps extends Omit<SupportFrameProps, 'children'> {
  /**
   * The router, or a function that makes it (called at each render of the router's host: it must
   * answer the same router every time). Made at the first render, its set-up falls into React's
   * first slice of work instead of the page's script evaluation.
   */
  readonly router: DataRouter | (() => DataRouter);
}

function RouterHost({ router }: { router: DataRouter | (() => DataRouter) }) {
  return <RouterProvider router={typeof router === 'function' ? router() : router} />;
}

function Mounted({ onMounted }: { onMounted?: () => void }) {
  useEffect(() => {
    onMounted?.();
  }, [onMounted]);
  return null;
}

/** The providers around the router, the same on the server and in the browser (hydration needs one tree). */
export function SupportFrame({ siteStore, texts, tracking, submission, drafts, onTextsError, locale, onMounted, children }: SupportFrameProps) {
  return (
    <StrictMode>
      <SupportProviders siteStore={siteStore} texts={texts} tracking={tracking} onTextsError={onTextsError} locale={locale}>
        <ContactServicesProvider submission={submission} drafts={drafts}>
          {children}
        </ContactServicesProvider>
      </SupportProviders>
      <Mounted onMounted={onMounted} />
    </StrictMode>
  );
}

/** The support pages: providers around the router. */
export function SupportApp({ router, ...frame }: SupportAppProps) {
  return (
    <SupportFrame {...frame}>
      <RouterHost router={router} />
    </SupportFrame>
  );
}
