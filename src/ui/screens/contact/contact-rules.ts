/**
 * The contact screen's later part (`contact-later`: the domain's rules, the error summary, the success
 * view), a chunk of its own: the screen's first render needs none of it. Loaded once the form has
 * rendered, and before any submit; a field validated before it arrives is validated again when it does.
 */
import { loadChunk } from '../../lazy-chunk';

type ContactLater = typeof import('./contact-later');

let later: ContactLater | undefined;
let loading: Promise<ContactLater> | undefined;

/** Loads the later part (once; a failed load is tried again on the next call). */
export function loadContactRules(): Promise<ContactLater> {
  loading ??= loadChunk(() => import('./contact-later')).then(
    (module) => (later = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The later part when loaded, else `undefined`. */
export const contactLater = (): ContactLater | undefined => later;

/** The later part when loaded, else `undefined` (and its load is started). */
export function loadedContactRules(): ContactLater | undefined {
  if (!later) loadContactRules().catch(() => undefined);
  return later;
}
