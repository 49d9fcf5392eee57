/** Waiting on a condition in Node (the local servers' counters, the page's storage), never on a fixed sleep. */

/**
 * Resolves once `condition()` holds, checking every 20 ms; rejects after `timeoutMs` with
 * `description` and what `detail()` says then.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  description: string,
  { timeoutMs = 15_000, detail = () => '' }: { timeoutMs?: number; detail?: () => string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting until ${description}. ${detail()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
