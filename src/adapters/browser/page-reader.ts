import { attempt } from './attempt';

/** What the library reads from the page itself at install: plain data, every field guarded. */
export interface PageReading {
  readonly href?: string;
  /**
   * `self.origin`: a frame the page wrote itself (`srcdoc`, `about:blank`) has its page's origin,
   * though its address has none.
   */
  readonly origin?: string;
  readonly host?: string;
  readonly pathname?: string;
  readonly search?: string;
  /** `document.referrer`; '' when there is none. */
  readonly referrer?: string;
  readonly screenWidth?: number;
  readonly userAgent?: string;
  /** The legacy platform data attribute (`data-platform` on `<html>`, else on `<body>`). */
  readonly platformAttribute?: string;
}

/**
 * The page's address in a reading (URL, its parts, origin, referrer), without what belongs to the page
 * as it is now (screen, user agent, the platform attribute on a `<body>` parsed since).
 */
export function addressOf(page: PageReading): PageReading {
  const { href, origin, host, pathname, search, referrer } = page;
  const address: Record<string, string | undefined> = { href, origin, host, pathname, search, referrer };
  for (const key of Object.keys(address)) if (address[key] === undefined) delete address[key];
  return address as PageReading;
}

/** The legacy app-context attribute (spec §2: "a platform data attribute with value smartphone or tablet"). */
export const PLATFORM_ATTRIBUTE = 'data-platform';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

type Address = Pick<Location, 'href' | 'host' | 'pathname' | 'search'>;

/** How many frames up a frame the page wrote itself is looked for its page (srcdoc in srcdoc). */
const MAX_FRAME_DEPTH = 5;

/**
 * The address of the page that wrote a frame itself (`about:srcdoc`, `about:blank`): the nearest
 * window up the frames with an http(s) address (same origin: such a frame has its page's). Its own
 * names no host, so the environment was production on a dev host, and the page path '/srcdoc'; its
 * base URL follows the page's `<base href>` ('/' for a router, a CDN's host), not the page's address.
 */
const inheritedAddress = (win: Window, location: Location | undefined): Address | undefined => {
  let current: Window | undefined = win;
  let address = location;
  for (let depth = 0; depth < MAX_FRAME_DEPTH && attempt(() => address?.protocol) === 'about:'; depth += 1) {
    const parent: Window | undefined = attempt(() => current?.parent);
    if (!parent || parent === current) return undefined;
    current = parent;
    address = attempt(() => parent.location);
  }
  return address !== location && /^https?:$/.test(String(attempt(() => address?.protocol))) ? address : undefined;
};

/** Reads location, referrer, screen width, user agent and the platform attribute; outside a browser, `{}`. */
export function readPage(
  getWindow: () => Window | undefined = () => (typeof window === 'undefined' ? undefined : window),
): PageReading {
  const win = attempt(getWindow);
  if (!win) return {};
  const doc = attempt(() => win.document);
  const own = attempt(() => win.location);
  const location = inheritedAddress(win, own) ?? own;
  const width = attempt(() => win.screen.width);
  const platform =
    attempt(() => doc?.documentElement.getAttribute(PLATFORM_ATTRIBUTE)) ?? attempt(() => doc?.body?.getAttribute(PLATFORM_ATTRIBUTE));
  const reading: Record<string, string | number | undefined> = {
    href: text(attempt(() => location?.href)),
    origin: text(attempt(() => win.origin)),
    host: text(attempt(() => location?.host)),
    pathname: text(attempt(() => location?.pathname)),
    search: text(attempt(() => location?.search)),
    referrer: text(attempt(() => doc?.referrer)),
    screenWidth: typeof width === 'number' && Number.isFinite(width) ? width : undefined,
    userAgent: text(attempt(() => win.navigator.userAgent)),
    platformAttribute: text(platform),
  };
  for (const key of Object.keys(reading)) if (reading[key] === undefined) delete reading[key];
  return reading as PageReading;
}
