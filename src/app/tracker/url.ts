/** The parsed URL (relative to `base` when given), or undefined when `href` is none. */
export const parseUrl = (href: string, base?: URL): URL | undefined => {
  try {
    return new URL(href, base);
  } catch {
    return undefined;
  }
};

/**
 * The path a cookie set by the answer to `url` has when it names none (RFC 6265 §5.1.4: up to the
 * last '/'), when `url` is on the page's host and that path is not `/`; else undefined.
 */
export const cookiePathOf = (url: string, pageHref: string | undefined): string | undefined => {
  const page = parseUrl(pageHref ?? '');
  const target = page && parseUrl(url, page);
  if (!target || target.hostname !== page?.hostname) return undefined;
  const path = target.pathname.slice(0, target.pathname.lastIndexOf('/'));
  return path || undefined;
};

/** The origin of `href` (`https://shop.example/` -> `https://shop.example`), or undefined when it has none. */
export const originOf = (href: string): string | undefined => {
  const origin = parseUrl(href)?.origin;
  return origin === 'null' ? undefined : origin;
};
