/**
 * A chunk the page loads lazily, held back in a test until `release()` (or failing once `failNow()`
 * is called). `factory` is the mock factory to register with `vi.doMock` before each test: a
 * factory's module is kept once made, so each test registers its own, after `hold()`.
 *
 * `loaded` settles once the page's own import of the chunk has: a test waits for it rather than
 * importing the chunk itself, as Vitest runs the factory of a module imported twice at once twice,
 * and one import may then get the module before it has run (no exports). `hold()` fails the load the
 * test before left held (a test that failed before releasing it): its import would stay pending, and
 * the next test's import of the same module could wait on it.
 */
export function heldChunk() {
  const state = () => {
    let release = () => {};
    let settle = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const loaded = new Promise<void>((resolve) => (settle = resolve));
    return { fail: false, held, release, loaded, settle };
  };
  let current = state();
  current.release();
  current.settle();
  return {
    get loaded() {
      return current.loaded;
    },
    /** A fresh state for the next test: held back, not failing. */
    hold() {
      current.fail = true;
      current.release();
      current = state();
    },
    release: () => current.release(),
    /** Fails the chunk's load at once. */
    failNow() {
      current.fail = true;
      current.release();
    },
    factory: async <T>(importOriginal: () => Promise<T>): Promise<T> => {
      // This test's load: one released after its test ends settles nothing of the next test's.
      const load = current;
      try {
        await load.held;
        if (load.fail) throw new Error('chunk could not be loaded');
        return await importOriginal();
      } finally {
        load.settle();
      }
    },
  };
}
