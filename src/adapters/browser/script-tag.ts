/**
 * Adds one async `<script src>` to the document and settles with its load event (resolves) or its
 * error event (rejects with `failure()`; the dead element is removed, so a page that lives long
 * behind a blocker does not gather one per try). Without a document, or when reading it throws, it rejects.
 * On a page whose Content-Security-Policy allows scripts by nonce, the script gets the page's nonce
 * (that of its first script carrying one), as the tag manager's own snippet does. A page that refuses
 * the address itself (Trusted Types) rejects with `failure()` too.
 */
export function loadScriptTag(getDocument: () => Document | undefined, url: string, failure: () => Error): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const doc = getDocument();
    if (!doc) return reject(failure());
    const script = doc.createElement('script');
    script.async = true;
    // Browsers hide a nonce attribute's value once parsed: the property keeps it.
    const nonced = doc.querySelector<HTMLScriptElement>('script[nonce]');
    const nonce = nonced?.nonce || nonced?.getAttribute('nonce');
    if (nonce) script.setAttribute('nonce', nonce);
    try {
      script.src = pageAddress(doc, url);
    } catch {
      return reject(failure());
    }
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        script.remove();
        reject(failure());
      },
      { once: true },
    );
    (doc.head ?? doc.documentElement).appendChild(script);
  });
}

/**
 * An address relative to the page's own address, as every endpoint is (the collector's requests too),
 * not to its `<base href>`, which a script's `src` would follow: a shop pointing its base at a CDN had
 * the affiliate script and the container requested from there. Where the page's address is no base
 * (`about:srcdoc`), the document's base.
 */
const pageAddress = (doc: Document, url: string): string => {
  try {
    return new URL(url, doc.URL).href;
  } catch {
    return url;
  }
};

/**
 * What makes two script addresses the same script: a tag manager's container is its id (`GTM-…`; the
 * page's own snippet may load it from another host or through a renamed first-party path, with its
 * data layer's name); another script with an `id` is its file and id; any other its whole address.
 * An address that cannot be read is no script's.
 */
const scriptKey = (href: string, base?: string): string | undefined => {
  try {
    const url = new URL(href, base);
    const id = url.searchParams.get('id');
    if (!id) return url.href;
    return /^GTM-/i.test(id) ? id.toUpperCase() : `${url.pathname.slice(url.pathname.lastIndexOf('/'))}?id=${id}`;
  } catch {
    return undefined;
  }
};

/** Whether the document has a `<script>` of this address (resolved against the page; see `scriptKey`), as one the library or the page added. */
export function scriptOnPage(getDocument: () => Document | undefined, url: string): boolean {
  try {
    const doc = getDocument();
    const key = scriptKey(doc ? pageAddress(doc, url) : url, doc?.baseURI);
    return key !== undefined && [...(doc?.scripts ?? [])].some((script) => script.src !== '' && scriptKey(script.src) === key);
  } catch {
    return false;
  }
}
