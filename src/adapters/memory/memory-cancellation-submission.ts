import type { CancellationRequest } from '../../domain/support/cancellation-request';
import type { CancellationSubmission } from '../../ports/cancellation-submission';
import type { SubmissionOutcome } from '../../ports/contact-submission';

/**
 * A CancellationSubmission that records every request (tests, server-side rendering). It answers
 * with the next queued outcome, else `sent` with a numbered id; `hold()` keeps sends pending until released.
 */
export class MemoryCancellationSubmission implements CancellationSubmission {
  readonly requests: CancellationRequest[] = [];
  private readonly outcomes: SubmissionOutcome[] = [];
  private gate: Promise<void> | undefined;

  /** Queues the outcomes of the next sends. */
  answer(...outcomes: SubmissionOutcome[]): this {
    this.outcomes.push(...outcomes);
    return this;
  }

  /** Keeps every send pending until the returned function is called. */
  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => {
      release = resolve;
    });
    return () => {
      this.gate = undefined;
      release();
    };
  }

  async submit(request: CancellationRequest): Promise<SubmissionOutcome> {
    this.requests.push(request);
    await this.gate;
    return this.outcomes.shift() ?? { kind: 'sent', id: `cancellation-${this.requests.length}` };
  }
}
