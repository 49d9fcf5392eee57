/**
 * Log texts of the payload mappers that `warnings.ts` does not hold yet (the spec is silent on them).
 * Kept apart so they can be merged into `Warnings` without touching the mappers' rules.
 */
export const PayloadTexts = {
  /** The touch-point base URL is configuration; without it the request cannot be built. */
  touchPointUrlMissing: 'The Exactag touch point URL has not been configured. Exactag touch point request has not been sent',
  /** The input could not even be read (a hostile getter or a revoked proxy); a minimal payload is used. */
  payloadUnreadable: (destination: string) =>
    `The ${destination} payload could not be built from the given data. A minimal payload is used instead.`,
} as const;
