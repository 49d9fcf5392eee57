import type { ClearOptions, DraftStore, FormDraft } from '../../ports/draft-store';
import type { Warn } from './warn';

/**
 * The draft store, imported on first use so IndexedDB's code stays out of the first chunk. Like every
 * DraftStore it always settles: if its chunk cannot be loaded, nothing is restored or saved, and `load`
 * rejects, so the form knows that a reload would lose its input. Once
 * loaded, a save reaches the store in the same call (a save made while the page unloads must start
 * before the page is gone).
 */
export function lazyDraftStore(load: () => Promise<DraftStore>, warn: Warn): DraftStore {
  let store: Promise<DraftStore | undefined> | undefined;
  let loaded: DraftStore | undefined;
  const get = () =>
    (store ??= load().then(
      (ready) => (loaded = ready),
      (error: unknown) => {
        warn('The draft store could not be loaded', error);
        return undefined;
      },
    ));
  return {
    // Rejects without its chunk (a TypeError, the cheapest): the form then knows its input is not kept.
    load: async (key: string): Promise<FormDraft | undefined> => (await get())!.load(key),
    save: (key: string, draft: FormDraft): Promise<void> =>
      loaded ? loaded.save(key, draft) : get().then((ready) => ready?.save(key, draft)),
    clear: async (key: string, options?: ClearOptions): Promise<void> => (await get())?.clear(key, options),
    adopt: (key: string) => loaded?.adopt?.(key),
    release: (key: string) => loaded?.release?.(key),
  };
}
