/**
 * A chunk the page loads lazily, held back in a test until `release()` (or failing once `fail` is
 * set). `factory` is the mock factory to register with `vi.doMock` before each test: a factory's
 * module is kept once made, so each test registers its own, after `hold()`. `loaded` settles once the
 * page's own import of the chunk has: a test waits for it rather than importing the chunk itself, as
 * Vitest runs the factory of a module imported twice at once twice, and one import may then get the
 * module before it has run (no exports).
 */
export function heldChunk() {
  let release = () => {};
  let held = Promise.resolve();
  let settle = () => {};
  const chunk = {
    fail: false,
    loaded: Promise.resolve(),
    /** A fresh state for the next test: held back, not failing. */
    hold() {
      chunk.fail = false;
      held = new Promise<void>((resolve) => (release = resolve));
      chunk.loaded = new Promise<void>((resolve) => (settle = resolve));
    },
    release: () => release(),
    /** Fails the chunk's load at once. */
    failNow() {
      chunk.fail = true;
      release();
    },
    factory: async <T>(importOriginal: () => Promise<T>): Promise<T> => {
      try {
        await held;
        if (chunk.fail) throw new Error('chunk could not be loaded');
        return await importOriginal();
      } finally {
        settle();
      }
    },
  };
  return chunk;
}
