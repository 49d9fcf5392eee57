import type { DraftStore } from '../../../ports/draft-store';
import { isEmpty, type ContactFormValues } from './contact-values';
import { fromDraft, toDraft } from './draft-files';
import type { ContactFormApi } from './use-contact-form';

/** How long typing must pause before the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 500;

/** Runs a draft-store call; a failing store only means there are no drafts. */
const quietly = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
  try {
    return await call();
  } catch {
    return undefined;
  }
};

export interface DraftKeeping {
  readonly form: ContactFormApi;
  readonly drafts: DraftStore;
  readonly key: string;
  /** True once the draft has been discarded (after a successful send): nothing is restored or saved any more. */
  readonly finished: () => boolean;
  /** Told whether a restored draft brought back any value. */
  readonly onRestored: (restored: boolean) => void;
}

/**
 * Keeps the contact form's unsent input (files included) in the draft store: restores it once, unless
 * the visitor has already started typing, then saves it after each pause in typing and when the page
 * is hidden. Loaded as a chunk of its own after the form is shown; returns the function that stops it.
 */
export function keepDraft({ form, drafts, key, finished, onRestored }: DraftKeeping): () => void {
  let live = true;
  let lastSaved: ContactFormValues | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopWatching = () => {};

  const save = async (current: ContactFormValues) => {
    if (finished() || current === lastSaved) return;
    lastSaved = current;
    if (isEmpty(current)) await quietly(() => drafts.clear(key));
    else {
      const draft = await quietly(() => toDraft(current));
      if (draft && !finished()) await quietly(() => drafts.save(key, draft));
    }
  };
  const flush = () => {
    clearTimeout(timer);
    void save(form.state.values);
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(flush, DRAFT_SAVE_DELAY_MS);
  };

  void quietly(() => drafts.load(key)).then((draft) => {
    if (!live || finished()) return;
    const typed = form.state.isDirty;
    if (draft && !typed) {
      const restoredValues = fromDraft(draft);
      for (const [field, value] of Object.entries(restoredValues)) {
        form.setFieldValue(field as keyof ContactFormValues, value as never, { dontValidate: true });
      }
      onRestored(Object.keys(restoredValues).length > 0);
    }
    // Input typed while this chunk was loading is saved like any other.
    lastSaved = typed ? undefined : form.state.values;
    if (typed) later();
    // A store subscription rather than a selected value: typing must not re-render the whole form.
    const subscription = form.store.subscribe(() => {
      if (form.state.values !== lastSaved) later();
    });
    window.addEventListener('pagehide', flush);
    stopWatching = () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
    };
  });

  return () => {
    live = false;
    clearTimeout(timer);
    stopWatching();
  };
}
