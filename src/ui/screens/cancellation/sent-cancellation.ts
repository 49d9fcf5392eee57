import { validateCancellation, type CancellationRequest } from '../../../domain/support/cancellation-request';

/** What the success page is handed in its history entry's state: the stored request, its id and when. */
export interface SentCancellation {
  readonly request: CancellationRequest;
  readonly id: string;
  /** Epoch milliseconds of the service's storing (this device's clock where the service did not say). */
  readonly receivedAt: number;
}

/**
 * The sent cancellation in a history entry's state, checked again by the domain's schema (a state
 * written by an older build, or by another script, is none); else `undefined`.
 */
export function readSentCancellation(state: unknown): SentCancellation | undefined {
  const sent = (state as { cancellation?: Partial<SentCancellation> } | null | undefined)?.cancellation;
  // A number a Date cannot hold (beyond ±8.64e15 ms) would break the page's date.
  if (!sent || typeof sent.id !== 'string' || typeof sent.receivedAt !== 'number' || Number.isNaN(new Date(sent.receivedAt).getTime())) return undefined;
  const checked = validateCancellation(sent.request);
  return checked.ok ? { request: checked.value, id: sent.id, receivedAt: sent.receivedAt } : undefined;
}
