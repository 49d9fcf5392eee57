import { useCallback, useEffect, useRef, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import type { SiteCode } from '../../../domain/support/sites';
import type { DraftStore } from '../../../ports/draft-store';
import type { TextsApi } from '../../hooks/use-texts';
import type { ContactFormApi, SendState } from './use-contact-form';
import { loadChunk } from '../../lazy-chunk';

/**
 * Keeps the contact form's unsent input (files included) in the draft store: restores it once after
 * mount into the fields still empty, then saves it after each pause in typing and when the page is
 * hidden (./contact-draft, a chunk of its own loaded after the form is shown; if it
 * cannot load, the form works without drafts). `discard()` stops saving and removes the draft (after
 * a successful send), whether or not that chunk has loaded yet. `setSend` is the form's send state: a
 * failed send's text goes when the draft logic empties the form or sets it to another draft.
 */
export function useContactDraft(
  form: ContactFormApi,
  site: SiteCode,
  drafts: DraftStore,
  t: TextsApi['t'],
  setSend: Dispatch<SetStateAction<SendState>>,
) {
  const key = `contact:${site}`;
  /** The status line after a restore (./contact-draft words it), and the button beside it. */
  const [notice, setNotice] = useState<{ readonly text: string | null; readonly action?: ReactNode }>({ text: null });
  const finished = useRef(false);
  // The texts as they are when the draft is restored (the notice is worded then).
  const texts = useRef(t);
  texts.current = t;

  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    // The stored draft is read while the draft logic loads: until it is restored, leaving saves nothing.
    // It rejects when the store cannot be used (the draft logic then keeps nothing).
    const stored = drafts.load(key);
    stored.catch(() => {});
    // Through loadChunk: a failed load is Vite's `vite:preloadError`, which reloads the page (keeping the texts).
    loadChunk(() => import('./contact-draft')).then(
      // No module when the failed load made the page reload (Vite then resolves the import empty).
      (module: typeof import('./contact-draft') | undefined) => {
        if (live && module) {
          stop = module.keepDraft({
            form,
            drafts,
            key,
            stored,
            finished,
            setSend,
            texts,
            onNotice: (text, action) => setNotice({ text, action }),
          });
        }
      },
      () => {},
    );
    return () => {
      live = false;
      stop?.();
    };
  }, [drafts, key, form]);

  const discard = useCallback(async () => {
    finished.current = true;
    try {
      await drafts.clear(key);
    } catch {
      // a failing store only means there are no drafts
    }
  }, [drafts, key]);

  return { notice, discard };
}
