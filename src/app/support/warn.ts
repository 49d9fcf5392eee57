/** The support pages' warnings (unknown site codes, blocked storage, a tracker that failed to load). */
export type Warn = (message: string, content?: unknown) => void;

/** Writes a warning to the browser console; never throws. */
export const consoleWarn: Warn = (message, content) => {
  try {
    if (content === undefined) console.warn(`[customer-support] ${message}`);
    else console.warn(`[customer-support] ${message}`, content);
  } catch {
    // A console that fails never breaks the page.
  }
};
