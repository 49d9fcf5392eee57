/**
 * Log texts of the payload mappers that `warnings.ts` does not hold yet (the spec is silent on them).
 * Kept apart so they can be merged into `Warnings` without touching the mappers' rules. The mappers
 * import the texts one by one (like the warnings), so the library build needs no object for them.
 */

/** The touch-point base URL is configuration; without it the request cannot be built. */
export const touchPointUrlMissing = 'No Exactag touch point URL configured; touch point not sent';
/** The input could not even be read (a hostile getter or a revoked proxy); a minimal payload is used. */
export const payloadUnreadable = (destination: string) => `Unreadable ${destination} data; minimal payload sent.`;

/** Both texts in one object (tests). */
export const PayloadTexts = { touchPointUrlMissing, payloadUnreadable } as const;
