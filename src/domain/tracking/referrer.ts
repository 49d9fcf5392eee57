/**
 * Referrer classification (spec §2): 'internal' for the own-shop hosts, 'external' for any other
 * referrer, 'direct' when there is none.
 */

export type ReferrerClass = 'direct' | 'internal' | 'external';

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const HOST_NAME = /^[a-z0-9_](?:[a-z0-9_.-]*[a-z0-9_])?$/;
const IPV6 = /^\[[0-9a-f:.]+\]$/;

/**
 * The lower-case host of an absolute URL (`https://user@www.shop.de:443/x?y` -> `www.shop.de`), or
 * `undefined` when the text is not an absolute URL with a host. Parsed by hand: the domain has no
 * `URL` global in its type world, and this way it never throws.
 */
export const hostOf = (url: unknown): string | undefined => {
  if (typeof url !== 'string') return undefined;
  const text = url.trim();
  const scheme = SCHEME.exec(text);
  if (!scheme) return undefined;
  const rest = text.slice(scheme[0].length);
  const authority = rest.split(/[/?#\\]/, 1)[0] ?? '';
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
  let host: string;
  if (hostPort.startsWith('[')) {
    const end = hostPort.indexOf(']');
    host = end === -1 ? '' : hostPort.slice(0, end + 1);
  } else {
    host = hostPort.split(':', 1)[0] ?? '';
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  return HOST_NAME.test(host) || IPV6.test(host) ? host : undefined;
};

/** True when `host` is one of `internalHosts` or a subdomain of one (`m.shop.de` under `shop.de`). */
export const isInternalHost = (host: string, internalHosts: readonly unknown[]): boolean =>
  internalHosts.some((entry) => {
    if (typeof entry !== 'string' || entry.trim() === '') return false;
    const own = entry.trim().toLowerCase().replace(/\.$/, '');
    return host === own || host.endsWith(`.${own}`);
  });

/**
 * Classifies a referrer URL: 'direct' when it is absent or blank, 'internal' when its host is one of
 * `internalHosts` or their subdomains, otherwise 'external' (also for a referrer that is not a URL).
 */
export const classifyReferrer = (referrer: unknown, internalHosts: readonly unknown[]): ReferrerClass => {
  if (referrer === undefined || referrer === null) return 'direct';
  if (typeof referrer === 'string' && referrer.trim() === '') return 'direct';
  const host = hostOf(referrer);
  if (host === undefined) return 'external';
  return isInternalHost(host, Array.isArray(internalHosts) ? internalHosts : []) ? 'internal' : 'external';
};
