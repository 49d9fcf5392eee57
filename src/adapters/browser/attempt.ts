/** What `read` returns, or `undefined` when it throws or gives null (a sandboxed or missing browser API). */
export const attempt = <T>(read: () => T): T | undefined => {
  try {
    return read() ?? undefined;
  } catch {
    return undefined;
  }
};
