/** The parsed URL, or undefined when `href` is none. */
export const parseUrl = (href: string): URL | undefined => {
  try {
    return new URL(href);
  } catch {
    return undefined;
  }
};

/** The origin of `href` (`https://shop.example/` -> `https://shop.example`), or undefined when it has none. */
export const originOf = (href: string): string | undefined => {
  const origin = parseUrl(href)?.origin;
  return origin === 'null' ? undefined : origin;
};
