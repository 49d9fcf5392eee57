import type { AbortSignalLike } from '../../ports/abort-signal';
import type { FileDescriptor } from '../../domain/support/attachments';
import type { ContactSubmission, OutgoingContactMessage, SubmissionOutcome, UploadProgress } from '../../ports/contact-submission';
import type { Warn } from './warn';

const FAILED: SubmissionOutcome = { kind: 'failed' };

/**
 * The contact submission, imported in the background once the page is interactive (`preload`), at
 * the latest on the first send, so the upload code stays out of the first chunk and a send made
 * offline later does not need the network for it. Like every ContactSubmission it never rejects: if
 * its chunk cannot be loaded, the send has failed (the form keeps everything and offers the
 * alternative contacts), and the next send tries the import again.
 */
export function lazyContactSubmission<F extends FileDescriptor>(
  load: () => Promise<ContactSubmission<F>>,
  warn: Warn,
): ContactSubmission<F> & { preload(): void } {
  let submission: Promise<ContactSubmission<F>> | undefined;
  return {
    /** Loads the chunk ahead of the first send (in the background: a failure is left to that send). */
    preload(): void {
      const loading = (submission ??= load());
      loading.catch(() => {
        if (submission === loading) submission = undefined;
      });
    },
    async submit(
      message: OutgoingContactMessage<F>,
      onProgress?: (progress: UploadProgress) => void,
      signal?: AbortSignalLike,
    ): Promise<SubmissionOutcome> {
      let loaded: ContactSubmission<F>;
      try {
        loaded = await (submission ??= load());
      } catch (error) {
        submission = undefined;
        warn('The contact form sender could not be loaded', error);
        return FAILED;
      }
      return loaded.submit(message, onProgress, signal);
    },
  };
}
