/**
 * Adds one async `<script src>` to the document and settles with its load event (resolves) or its
 * error event (rejects with `failure()`). Without a document, or when reading it throws, it rejects.
 */
export function loadScriptTag(getDocument: () => Document | undefined, url: string, failure: () => Error): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const doc = getDocument();
    if (!doc) return reject(failure());
    const script = doc.createElement('script');
    script.async = true;
    script.src = url;
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => reject(failure()), { once: true });
    (doc.head ?? doc.documentElement).appendChild(script);
  });
}
