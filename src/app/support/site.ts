/**
 * The current site (shared decisions "Sites, languages, locale"): the `site` query parameter, else
 * the value the server put into the page (`<meta name="support-site">`), else DE; written to the
 * client-side store `contact`. A later navigation that names another site in its query switches to it.
 */
import type { LoaderFunctionArgs } from 'react-router-dom';
import { resolveSite, type SiteCode } from '../../domain/support/sites';
import type { SiteStore } from '../../ports/site-store';
import type { Warn } from './warn';

export const SERVER_SITE_META = 'support-site';
export const SERVER_LOCALE_META = 'support-locale';

/** The content of a `<meta name=...>` of the page, or `undefined`. */
export function readMeta(doc: Document, name: string): string | undefined {
  try {
    return doc.querySelector(`meta[name="${name}"]`)?.getAttribute('content') ?? undefined;
  } catch {
    return undefined;
  }
}

const queryParam = (search: string): string | undefined => new URLSearchParams(search).get('site') ?? undefined;

/** The site a page starts on, from its query string and the server's meta element; never throws. */
export function startSite(search: string, doc: Document, warn: Warn): SiteCode {
  return resolveSite({ queryParam: queryParam(search), serverValue: readMeta(doc, SERVER_SITE_META) }, warn);
}

/**
 * A root-route loader that applies a `?site=` of a navigation to the store (an unknown code warns and
 * falls back to the server's site, then DE). `startSearch` is the query the page was loaded with,
 * already applied at start, so its warning is not repeated.
 */
export function siteQueryLoader(store: SiteStore, doc: Document, warn: Warn, startSearch: string) {
  let applied = queryParam(startSearch);
  return ({ request }: LoaderFunctionArgs): null => {
    const value = queryParam(new URL(request.url).search);
    if (value !== undefined && value !== applied) {
      store.set(resolveSite({ queryParam: value, serverValue: readMeta(doc, SERVER_SITE_META) }, warn));
    }
    applied = value ?? applied;
    return null;
  };
}
