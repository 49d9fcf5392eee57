import type { FileDescriptor } from '../../domain/support/attachments';
import type {
  ContactSubmission,
  OutgoingContactMessage,
  SubmissionOutcome,
  UploadProgress,
} from '../../ports/contact-submission';

/**
 * A ContactSubmission that records every message (tests, server-side rendering). It answers with the
 * next queued outcome, else `sent`; `hold()` keeps sends pending until released, and `progress`
 * lists the upload reports each send makes.
 */
export class MemoryContactSubmission<F extends FileDescriptor = FileDescriptor> implements ContactSubmission<F> {
  readonly messages: OutgoingContactMessage<F>[] = [];
  private readonly outcomes: SubmissionOutcome[] = [];
  private gate: Promise<void> | undefined;
  /** Upload reports made by each send, in order. */
  progress: UploadProgress[] = [];

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

  async submit(message: OutgoingContactMessage<F>, onProgress?: (progress: UploadProgress) => void): Promise<SubmissionOutcome> {
    this.messages.push(message);
    for (const report of this.progress) onProgress?.(report);
    if (this.gate) await this.gate;
    return this.outcomes.shift() ?? { kind: 'sent', id: `memory-${this.messages.length}` };
  }
}
