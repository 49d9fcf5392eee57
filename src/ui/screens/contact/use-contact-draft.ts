import { useCallback, useEffect, useRef, useState } from 'react';
import type { SiteCode } from '../../../domain/support/sites';
import type { DraftStore } from '../../../ports/draft-store';
import { isEmpty, type ContactFormValues } from './contact-values';
import type { ContactFormApi } from './use-contact-form';

/** How long typing must pause before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 500;

const draftKey = (site: SiteCode) => `contact:${site}`;

// Turning files into bytes and back is only needed once there is a draft: a chunk of its own.
const draftFiles = () => import('./draft-files');

/** Runs a draft-store call; a failing store only means there are no drafts. */
const quietly = async <T,>(call: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await call();
  } catch {
    return undefined;
  }
};

/**
 * Keeps the contact form's unsent input (files included) in the draft store: restores it once on
 * mount, unless the visitor has already started typing, then saves it after each pause in typing and
 * when the page is hidden. `discard()` stops saving and removes it (after a successful send).
 */
export function useContactDraft(form: ContactFormApi, site: SiteCode, drafts: DraftStore) {
  const key = draftKey(site);
  const [restored, setRestored] = useState(false);
  const [ready, setReady] = useState(false);
  const lastSaved = useRef<ContactFormValues | null>(null);
  const finished = useRef(false);

  useEffect(() => {
    let live = true;
    void quietly(async () => {
      const draft = await drafts.load(key);
      return draft ? { draft, files: await draftFiles() } : undefined;
    }).then((found) => {
      if (!live) return;
      if (found && !form.state.isDirty) {
        const restoredValues = found.files.fromDraft(found.draft);
        for (const [field, value] of Object.entries(restoredValues)) {
          form.setFieldValue(field as keyof ContactFormValues, value as never, { dontValidate: true });
        }
        setRestored(Object.keys(restoredValues).length > 0);
      }
      lastSaved.current = form.state.values;
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [drafts, key, form]);

  const save = useCallback(
    async (current: ContactFormValues) => {
      if (finished.current || current === lastSaved.current) return;
      lastSaved.current = current;
      if (isEmpty(current)) await quietly(() => drafts.clear(key));
      else {
        const draft = await quietly(async () => (await draftFiles()).toDraft(current));
        if (draft && !finished.current) await quietly(() => drafts.save(key, draft));
      }
    },
    [drafts, key],
  );

  // A store subscription rather than a selected value: typing must not re-render the whole form.
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      void save(form.state.values);
    };
    const subscription = form.store.subscribe(() => {
      if (form.state.values === lastSaved.current) return;
      clearTimeout(timer);
      timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
    };
  }, [ready, form, save]);

  const discard = useCallback(async () => {
    finished.current = true;
    await quietly(() => drafts.clear(key));
  }, [drafts, key]);

  return { restored, discard };
}
