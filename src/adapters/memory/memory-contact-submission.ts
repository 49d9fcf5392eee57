import type { AbortSignalLike } from '../../ports/abort-signal';
import type { FileDescriptor } from '../../domain/support/attachments';
import type {
  ContactSubmission,
  OutgoingContactMessage,
  SubmissionOutcome,
  UploadProgress,
} from '../../ports/contact-submission';

/**
 * A ContactSubmission that records every message (tests, server-side rendering). It answers with the
 * next queued outcome, else `sent`; `hold()` keeps sends pending until released (an abort of the send's
 * signal withdraws a held message: see `received`), and `progress` lists the upload reports each send makes.
 */
export class MemoryContactSubmission<F extends FileDescriptor = FileDescriptor> implements ContactSubmission<F> {
  readonly messages: OutgoingContactMessage<F>[] = [];
  private readonly outcomes: SubmissionOutcome[] = [];
  private gate: Promise<void> | undefined;
  /** Whether the held sends have reached the service (`hold({ uploaded: true })`). */
  private gateUploaded = false;
  /** Upload reports made by each send, in order. */
  progress: UploadProgress[] = [];

  /** Queues the outcomes of the next sends. */
  answer(...outcomes: SubmissionOutcome[]): this {
    this.outcomes.push(...outcomes);
    return this;
  }

  /**
   * Keeps every send pending until the returned function is called. `uploaded`: the message has
   * reached the service and only its answer is awaited, so an abort no longer withdraws it.
   */
  hold({ uploaded = false } = {}): () => void {
    let release!: () => void;
    this.gate = new Promise((resolve) => {
      release = resolve;
    });
    this.gateUploaded = uploaded;
    return () => {
      this.gate = undefined;
      release();
    };
  }

  async submit(
    message: OutgoingContactMessage<F>,
    onProgress?: (progress: UploadProgress) => void,
    signal?: AbortSignalLike,
  ): Promise<SubmissionOutcome> {
    if (signal?.aborted) return { kind: 'failed', withdrawn: true };
    this.messages.push(message);
    for (const report of this.progress) onProgress?.(report);
    // A held send counts as still uploading, unless held as uploaded: an abort withdraws it.
    if (this.gate && !(await this.opensBeforeAbort(this.gate, this.gateUploaded ? undefined : signal))) {
      this.withdrawnMessages.push(message);
      return { kind: 'failed', withdrawn: true };
    }
    return this.outcomes.shift() ?? { kind: 'sent', id: `memory-${this.messages.length}` };
  }

  /** The messages the service has: every send made, less those withdrawn while held. */
  get received(): OutgoingContactMessage<F>[] {
    return this.messages.filter((message) => !this.withdrawnMessages.includes(message));
  }

  private readonly withdrawnMessages: OutgoingContactMessage<F>[] = [];

  /** True once `gate` opens, false if `signal` aborts first. */
  private opensBeforeAbort(gate: Promise<void>, signal: AbortSignalLike | undefined): Promise<boolean> {
    if (!signal) return gate.then(() => true);
    return new Promise((resolve) => {
      const aborted = () => resolve(false);
      signal.addEventListener('abort', aborted, { once: true });
      void gate.then(() => {
        signal.removeEventListener('abort', aborted);
        resolve(true);
      });
    });
  }
}
