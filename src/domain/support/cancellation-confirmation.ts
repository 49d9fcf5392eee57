/**
 * What the confirmation of a stored cancellation states (support spec §2, success screen): a subject
 * per cancellation type, for an ordinary cancellation the notice that it takes effect at the next
 * possible date, and the holder's details in the form's order (the reason only when one was given).
 */
import type { CancellationRequest, CancellationType } from './cancellation-request';
import type { DachSite } from './sites';

/** The shop's time zone per site: the confirmation says when the cancellation was stored in it. */
export const CONFIRMATION_TIME_ZONES: Readonly<Record<DachSite, string>> = {
  de: 'Europe/Berlin',
  at: 'Europe/Vienna',
  ch: 'Europe/Zurich',
  ch_fr: 'Europe/Zurich',
};

export const CONFIRMATION_DETAIL_FIELDS = [
  'cancellationType',
  'customerNumber',
  'subscriptionId',
  'firstName',
  'lastName',
  'email',
  'reason',
] as const;
export type ConfirmationDetailField = (typeof CONFIRMATION_DETAIL_FIELDS)[number];

export interface ConfirmationFacts {
  readonly type: CancellationType;
  readonly ordinaryNotice: boolean;
  readonly details: readonly { readonly field: ConfirmationDetailField; readonly value: string }[];
}

export function confirmationFacts(request: CancellationRequest): ConfirmationFacts {
  return {
    type: request.cancellationType,
    ordinaryNotice: request.cancellationType === 'ordinary',
    details: CONFIRMATION_DETAIL_FIELDS.flatMap((field) => {
      const value = request[field];
      return typeof value === 'string' && value !== '' ? [{ field, value }] : [];
    }),
  };
}
