/**
 * Log texts of the payload mappers that `warnings.ts` does not hold yet (the spec is silent on them).
 * Kept apart so they can be merged into `Warnings` without touching the mappers' rules.
 */
export const PayloadTexts = {
  /** The touch-point base URL is configuration; without it the request cannot be built. */
  touchPointUrlMissing: 'No Exactag touch point URL configured; touch point not sent',
  /** The input could not even be read (a hostile getter or a revoked proxy); a minimal payload is used. */
  payloadUnreadable: (destination: string) =>
    `Unreadable ${destination} data; minimal payload sent.`,
} as const;
