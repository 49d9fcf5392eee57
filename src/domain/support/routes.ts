/**
 * The support pages' paths (support spec §2 and the shared routing decisions): three prefixes, the
 * contact, cancellation and cancellation-success pages, the redirects of unknown paths, the file-path
 * rule and the DACH guard of the cancellation pages.
 */
import { isDach } from './sites';
import { percentDecoded } from '../text/percent-decoded';

export const ROUTE_PREFIXES = ['', '/m', '/service/customersupportfrontend'] as const;
export type RoutePrefix = (typeof ROUTE_PREFIXES)[number];

export const PAGE_PATHS = {
  contact: '/contact',
  cancellation: '/cancellation',
  'cancellation-success': '/cancellation/success',
} as const;
export type PageKind = keyof typeof PAGE_PATHS;

export type PathKind = PageKind | 'file' | 'unknown';
export interface PathClass {
  readonly kind: PathKind;
  readonly prefix: RoutePrefix;
}

/** The path of a page under a prefix: `pagePath('cancellation', '/m')` is `/m/cancellation`. */
export const pagePath = (kind: PageKind, prefix: RoutePrefix = ''): string => prefix + PAGE_PATHS[kind];

/** Every page path under every prefix (nine paths), for the router and the server. */
// Pure: a page's script that does not use the list drops it.
export const ALL_PAGE_PATHS: readonly string[] = /* @__PURE__ */ ROUTE_PREFIXES.flatMap((prefix) =>
  (Object.keys(PAGE_PATHS) as PageKind[]).map((kind) => pagePath(kind, prefix)),
);

// A last segment with an extension (`x1.js`, `favicon.png`, `.env`) names a file.
const FILE_SEGMENT = /\.[^./]+$/;
const LONGEST_PREFIX_FIRST = [...ROUTE_PREFIXES].sort((a, b) => b.length - a.length);

const prefixOf = (lowerPath: string): RoutePrefix =>
  LONGEST_PREFIX_FIRST.find((p) => p !== '' && (lowerPath === p || lowerPath.startsWith(p + '/'))) ?? '';

/** A known prefix, case-insensitively; anything else is the root prefix ''. */
export const toRoutePrefix = (value: unknown): RoutePrefix =>
  typeof value === 'string' ? (ROUTE_PREFIXES.find((p) => p === value.toLowerCase()) ?? '') : '';

/**
 * What a path names. Pages match case-insensitively and with one trailing slash, as the router does,
 * and with slashes doubled (a base URL ending in '/' joined to '/cancellation'); a path whose last
 * segment has an extension is a `file`. Never throws.
 */
export function classifyPath(pathname: unknown): PathClass {
  if (typeof pathname !== 'string') return { kind: 'unknown', prefix: '' };
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const lower = path.toLowerCase().replace(/\/{2,}/g, '/');
  const prefix = prefixOf(lower);
  if (FILE_SEGMENT.test(path.slice(path.lastIndexOf('/') + 1))) return { kind: 'file', prefix };
  let rest = lower.slice(prefix.length);
  if (rest.length > 1 && rest.endsWith('/')) rest = rest.slice(0, -1);
  const kind = (Object.keys(PAGE_PATHS) as PageKind[]).find((k) => PAGE_PATHS[k] === rest);
  return { kind: kind ?? 'unknown', prefix };
}

/**
 * A page path's own spelling (lower case, single slashes, no final slash: `/M//Contact/` -> `/m/contact`) when it is
 * spelled otherwise; `null` for a path so spelled, a file path and an unknown one. Served as it came,
 * each spelling was a page path of its own to the tracking, and `/M/` no mobile prefix.
 */
export function respelledPagePath(pathname: unknown): string | null {
  const { kind, prefix } = classifyPath(pathname);
  if (kind === 'file' || kind === 'unknown') return null;
  const own = pagePath(kind, prefix);
  return own === pathname ? null : own;
}

/**
 * Whether two paths show the same screen: the same page under any prefix, case or final slash; a file
 * path (a not-found page naming it) or an unknown one only as the same path, decoded (the server
 * renders a path that cannot be decoded with each '%' encoded: `%E0%A4` as `%25E0%25A4`).
 */
export function sameScreen(a: unknown, b: unknown): boolean {
  const [first, second] = [classifyPath(a), classifyPath(b)];
  if (first.kind !== second.kind) return false;
  if (a === b || (first.kind !== 'file' && first.kind !== 'unknown')) return true;
  return typeof a === 'string' && typeof b === 'string' && percentDecoded(a) === percentDecoded(b);
}

/** `?a=b` for a query string given with or without its `?`; '' for none. Control characters are dropped. */
export function normalizeSearch(search: unknown): string {
  if (typeof search !== 'string') return '';
  const clean = (search.split('#', 1)[0] ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
  if (clean === '' || clean === '?') return '';
  return clean.startsWith('?') ? clean : `?${clean}`;
}

/**
 * Where an unknown page path is sent, keeping the query string (it may carry `?site=`): under `/m/`
 * to `/m/contact`, any other to `/contact`. `null` for the pages themselves and for file paths,
 * which are never redirected (they are answered 404).
 */
export function redirectFor(pathname: unknown, search: unknown): string | null {
  const { kind, prefix } = classifyPath(pathname);
  if (kind !== 'unknown') return null;
  return pagePath('contact', prefix === '/m' ? '/m' : '') + normalizeSearch(search);
}

/**
 * The cancellation pages' guard: `null` lets a DACH site (de, at, ch, ch_fr) in; any other site is
 * sent to the contact page under the same prefix, keeping the query string.
 */
export function cancellationGuard(site: unknown, prefix: unknown, search: unknown): string | null {
  if (isDach(site)) return null;
  return pagePath('contact', toRoutePrefix(prefix)) + normalizeSearch(search);
}
