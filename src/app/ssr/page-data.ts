/**
 * What a server-rendered page carries for its hydration, as non-executable JSON
 * (`<script type="application/json">`, the pages' Content-Security-Policy allows no inline scripts):
 * the router's hydration data (errors serialized as react-router's own static provider does) and the
 * dictionary the page was rendered with, so the browser needs no texts chunk before it hydrates.
 */
import type { Dictionary } from '../../adapters/browser/site-dictionary';
import { parseSite, type SiteCode } from '../../domain/support/sites';

export const ROUTER_DATA_ID = 'support-router-data';
export const TEXTS_DATA_ID = 'support-texts';

/**
 * react-router's hydration data: loader data by route id, and errors with `__type` markers; beside
 * them the path the server rendered (the address may have changed since: Back or Forward pressed while
 * the page loaded).
 */
export interface RouterHydrationData {
  readonly loaderData: Record<string, unknown>;
  readonly actionData: Record<string, unknown> | null;
  readonly errors: Record<string, unknown> | null;
  readonly path?: string;
}

/** The dictionary of the site the page was rendered for. */
export interface TextsData {
  readonly site: SiteCode;
  readonly dictionary: Dictionary;
}

/** What the browser reads back from a server-rendered page. */
export interface ServerPageData {
  readonly router: RouterHydrationData;
  readonly texts: TextsData;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const readJson = (doc: Document, id: string): unknown => {
  const text = doc.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : undefined;
};

/**
 * The hydration data of a server-rendered page; `undefined` when the page was rendered in the
 * browser (an empty `#root`, no data) or the data is unusable. Throws only on malformed JSON.
 */
export function readServerPageData(doc: Document, root: Element): ServerPageData | undefined {
  if (root.firstElementChild === null) return undefined;
  const router = readJson(doc, ROUTER_DATA_ID);
  const texts = readJson(doc, TEXTS_DATA_ID);
  if (!isRecord(router) || !isRecord(router.loaderData) || !isRecord(texts) || !isRecord(texts.dictionary)) return undefined;
  const site = parseSite(texts.site);
  if (site === undefined) return undefined;
  return {
    router: {
      loaderData: router.loaderData,
      actionData: isRecord(router.actionData) ? router.actionData : null,
      errors: isRecord(router.errors) ? router.errors : null,
      ...(typeof router.path === 'string' ? { path: router.path } : {}),
    },
    texts: { site, dictionary: texts.dictionary as Dictionary },
  };
}
