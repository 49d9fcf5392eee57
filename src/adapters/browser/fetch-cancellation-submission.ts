/**
 * POST of a cancellation as JSON to the reference backend's endpoint (shared decisions,
 * "Submissions"): 201 `{ id }` is stored, 400 `{ errors }` refused for its data, anything else (or
 * no answer) failed.
 */
import type { CancellationRequest } from '../../domain/support/cancellation-request';
import type { CancellationSubmission } from '../../ports/cancellation-submission';
import type { SubmissionOutcome } from '../../ports/contact-submission';
import { ANSWER_WAIT_MS, outcomeOfAnswer } from './xhr-contact-submission';

export const CANCELLATION_ENDPOINT = '/service/customersupportfrontend/api/cancellation';

export interface FetchCancellationSubmissionOptions {
  /** The locale the page was served for, sent on as `x-locale` (as the contact form's send does). */
  readonly locale?: string;
  readonly fetch?: typeof fetch;
  /** How long an answer is awaited before the send counts as failed (default {@link ANSWER_WAIT_MS}, as the contact form's). */
  readonly answerWaitMs?: number;
}

export class FetchCancellationSubmission implements CancellationSubmission {
  constructor(private readonly options: FetchCancellationSubmissionOptions = {}) {}

  async submit(request: CancellationRequest): Promise<SubmissionOutcome> {
    // A stalled line or proxy would leave the form sending for good: no answer in time is a failed send
    // (the service's repeat check makes a second press safe if it did store it).
    const stop = new AbortController();
    const watchdog = setTimeout(() => stop.abort(), this.options.answerWaitMs ?? ANSWER_WAIT_MS);
    try {
      const outcome = await this.#post(request, stop.signal);
      // Stored, but the answer was cut short: asked again, the repeat check answers with the stored
      // reference number and time, which the confirmation names.
      if (outcome.kind !== 'sent' || outcome.id !== '') return outcome;
      const again = await this.#post(request, stop.signal).catch(() => outcome);
      return again.kind === 'sent' && again.id !== '' ? again : outcome;
    } catch {
      return { kind: 'failed' };
    } finally {
      clearTimeout(watchdog);
    }
  }

  async #post(request: CancellationRequest, signal: AbortSignal): Promise<SubmissionOutcome> {
    const send = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (this.options.locale) headers['x-locale'] = this.options.locale;
    const response = await send(CANCELLATION_ENDPOINT, { method: 'POST', headers, body: JSON.stringify(request), credentials: 'same-origin', signal });
    // A 201 says it is stored, however its body ends (a connection lost while reading it): stored, its
    // number unread, and asked for again above.
    const text = await response.text().catch((error: unknown) => {
      if (response.status === 201) return '';
      throw error;
    });
    return outcomeOfAnswer(response.status, text);
  }
}
