import type { CancellationRequest } from '../domain/support/cancellation-request';
import type { SubmissionOutcome } from './contact-submission';

/**
 * Sends a coffee-subscription cancellation to customer service. Browser: `FetchCancellationSubmission`
 * (JSON POST to the cancellation endpoint); tests: `MemoryCancellationSubmission`. Never rejects: a
 * refusal for its data is `invalid` (one domain message key per field), anything else not stored is
 * `failed` (the form keeps its values and offers the site's alternative contacts).
 */
export interface CancellationSubmission {
  submit(request: CancellationRequest): Promise<SubmissionOutcome>;
}
