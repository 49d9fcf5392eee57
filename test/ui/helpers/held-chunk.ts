/**
 * A chunk the page loads lazily, held back in a test until `release()` (or failing once `fail` is
 * set). `factory` is the mock factory to register with `vi.doMock` before each test: a factory's
 * module is kept once made, so each test registers its own, after `hold()`.
 */
export function heldChunk() {
  let release = () => {};
  let held = Promise.resolve();
  const chunk = {
    fail: false,
    /** A fresh state for the next test: held back, not failing. */
    hold() {
      chunk.fail = false;
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release: () => release(),
    /** Fails the chunk's load at once. */
    failNow() {
      chunk.fail = true;
      release();
    },
    factory: async <T>(importOriginal: () => Promise<T>): Promise<T> => {
      await held;
      if (chunk.fail) throw new Error('chunk could not be loaded');
      return importOriginal();
    },
  };
  return chunk;
}
