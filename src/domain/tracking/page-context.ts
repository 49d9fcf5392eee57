/**
 * Page context read from the page itself (spec §2, §9): the page path, and whether the visitor is on a
 * mobile device. Referrer, cotcs, environment and screen cluster live in their own files and are
 * re-exported here, so this is the one place to import page context from.
 */
export { classifyReferrer, hostOf, isInternalHost, type ReferrerClass } from './referrer';
export { parseCotcs, sourceFromReferrer, type CotcsSource } from './cotcs';
export { checkEnvironment, environmentFromConfig, environmentFromHost, isLocalHost, type Environment } from './environment';
export { screenCluster, SCREEN_CLUSTERS, type ScreenCluster } from './screen';

const MOBILE_PREFIX = '/m/';

/** True for the mobile site's paths: '/m' and anything under '/m/'. */
export const isMobilePath = (pathname: unknown): boolean =>
  typeof pathname === 'string' && (pathname === '/m' || pathname.startsWith(MOBILE_PREFIX));

/**
 * The page path tracked for a location pathname: a query or fragment is cut off, '/m' becomes '/',
 * the mobile '/m/' prefix is removed ('/m/kaffee/x' -> '/kaffee/x'), and a last segment containing
 * '@' (or its encoding '%40', as a location's pathname has it) is stripped ('/a/b/c@123' -> '/a/b').
 * An address deeper in the path goes with the segments under it ('/newsletter/max@x.de/bestaetigen'
 * -> '/newsletter'): the rule is there so that no address is tracked, wherever the shop's URLs put
 * it. A trailing slash does not hide the last segment ('/a/c@1/' -> '/a'). The result always starts
 * with '/'; anything that is not a string gives '/'.
 */
export const derivePagePath = (pathname: unknown): string => {
  if (typeof pathname !== 'string') return '/';
  let path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) path = `/${path}`;
  while (isMobilePath(path)) path = path.slice(2) || '/';
  return withoutAddressSegments(path);
};

/**
 * The path up to its first segment that contains '@' or '%40' (an e-mail address), or the whole path
 * without one. A link builder that encoded an address twice ('%2540') still names the person.
 */
const withoutAddressSegments = (pathname: string): string => {
  const address = /@|%(?:25)*40/i.exec(pathname);
  if (!address) return pathname;
  return pathname.slice(0, pathname.lastIndexOf('/', address.index)).replace(/\/+$/, '') || '/';
};

/**
 * The page's address as the collector and the log service record it: without its fragment (browsers
 * never send it to a server; it may hold a sign-in token) and without the path segments from the
 * first that holds an e-mail address on, which the page path leaves out for that reason (spec §2), so
 * a visitor without consent is not named by it either. The query stays (its campaign parameters).
 */
export const recordedPageUrl = (href: unknown): string | undefined => {
  if (typeof href !== 'string') return undefined;
  const address = href.split('#', 1)[0] ?? '';
  const parts = /^([a-z][a-z\d+.-]*:\/\/[^/?]*)([^?]*)(.*)$/i.exec(address);
  if (!parts) return address;
  const [, origin = '', path = '', query = ''] = parts;
  return origin + withoutAddressSegments(path || '/') + query;
};

export type DeviceType = 'mobile' | 'no mobile';

/** Phones, by the user-agent markers browsers use for them; tablets count as 'no mobile'. */
const MOBILE_AGENT = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i;
/** An iPad names a 'Mobile/…' build as an iPhone does (its browser before iPadOS 13, in-app web views). */
const TABLET_AGENT = /iPad/i;

/**
 * 'mobile' when the page is on the mobile site's '/m' path or the user agent names a phone, else
 * 'no mobile' (spec §9). Either field may be missing.
 */
export const deviceType = (input: { userAgent?: unknown; pathname?: unknown } | null | undefined): DeviceType => {
  const record = input !== null && typeof input === 'object' ? input : {};
  const { userAgent, pathname } = record;
  if (isMobilePath(pathname)) return 'mobile';
  return typeof userAgent === 'string' && MOBILE_AGENT.test(userAgent) && !TABLET_AGENT.test(userAgent) ? 'mobile' : 'no mobile';
};
