/**
 * Loading a chunk of the page (a dynamic import). When its load fails on a page nobody has touched,
 * the reload guard reloads the page and Vite resolves the import empty: nothing of the chunk's part
 * is rendered, hydrated or logged meanwhile, and a page still there after 10 s (the visitor stopped
 * the reload) fails as a missing chunk does.
 */
export const loadChunk = async <M>(load: () => Promise<M>): Promise<M> =>
  (await load()) ?? new Promise<never>((_, reject) => setTimeout(() => reject(Error('The page did not reload')), 1e4));
