/**
 * Loading a chunk of the page (a dynamic import). When its load fails on a page nobody has touched,
 * the reload guard reloads the page and Vite resolves the import empty: nothing of the chunk's part
 * is rendered, hydrated or logged meanwhile, and a page still there after 10 s (the visitor stopped
 * the reload) fails as a missing chunk does. A load that neither arrives nor fails within `ms` (20 s;
 * a stalled connection) fails too: a send waiting for it said "sending" for good, the form locked.
 */
// Named 'ChunkLoadError': the error screen (error-screen.tsx, which names it itself: importing it from
// here split the page's first script) tells them from a server error, as it does the browsers' own.
const failAfter = (ms: number, why: string): Promise<never> =>
  new Promise((_, reject) => setTimeout(() => reject(Object.assign(Error(why), { name: 'ChunkLoadError' })), ms));

/** The failure of a load that stalled: its request is still open, so asking again waits on it. */
export const CHUNK_STALLED = 'The chunk did not load';

export const loadChunk = async <M>(load: () => Promise<M>, ms = 2e4): Promise<M> =>
  (await Promise.race([load(), failAfter(ms, CHUNK_STALLED)])) ?? failAfter(1e4, 'The page did not reload');
