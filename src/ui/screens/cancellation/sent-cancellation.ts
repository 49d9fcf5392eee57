import { validateCancellation, type CancellationRequest } from '../../../domain/support/cancellation-request';

/**
 * How long after the send the success page shows the cancellation (its history entry opened again by
 * Back, or by a browser that restores its last session on a shared computer): after that it shows
 * nothing of it, and the entry's copy is dropped.
 */
export const CONFIRMATION_SHOWN_MS = 30 * 60 * 1000;

/** What the success page is handed in its history entry's state: the stored request, its id and when. */
export interface SentCancellation {
  readonly request: CancellationRequest;
  readonly id: string;
  /** Epoch milliseconds of the service's storing (this device's clock where the service did not say). */
  readonly receivedAt: number;
  /** Epoch milliseconds of the send on this device's clock, which the time shown is measured on. */
  readonly sentAt: number;
}

/** What a history entry's state holds as a cancellation, unchecked. */
const cancellationIn = (state: unknown): Partial<SentCancellation> | undefined =>
  (state as { cancellation?: Partial<SentCancellation> } | null | undefined)?.cancellation;

/** Whether a history entry's state holds a cancellation, shown or not. */
export const holdsCancellation = (state: unknown): boolean => cancellationIn(state) !== undefined;

/**
 * The sent cancellation in a history entry's state, checked again by the domain's schema (a state
 * written by an older build, or by another script, is none), when the entry is opened at `now` within
 * {@link CONFIRMATION_SHOWN_MS} of the send; else `undefined`.
 */
export function readSentCancellation(state: unknown, now: number): SentCancellation | undefined {
  const sent = cancellationIn(state);
  // A number a Date cannot hold (beyond ±8.64e15 ms) would break the page's date.
  if (!sent || typeof sent.id !== 'string' || typeof sent.receivedAt !== 'number' || Number.isNaN(new Date(sent.receivedAt).getTime())) return undefined;
  // The build before wrote no send time: its entry is measured from the storing, so a deploy just
  // after a send (the page reloads into the new build) does not take the confirmation away.
  const sentAt = typeof sent.sentAt === 'number' ? sent.sentAt : sent.receivedAt;
  // Either way: a clock set back by more is no reason to show it again.
  if (!(Math.abs(now - sentAt) <= CONFIRMATION_SHOWN_MS)) return undefined;
  const checked = validateCancellation(sent.request);
  return checked.ok ? { request: checked.value, id: sent.id, receivedAt: sent.receivedAt, sentAt } : undefined;
}
