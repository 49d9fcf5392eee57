import type { FileDescriptor } from '../domain/support/attachments';
import type { ContactMessage } from '../domain/support/contact-message';
import type { AbortSignalLike } from './abort-signal';

/** A contact message checked by the domain's schema, with the files to upload (browser: `File`s). */
export type OutgoingContactMessage<F extends FileDescriptor = FileDescriptor> = Omit<ContactMessage, 'attachments'> & {
  /** The files to upload, in the form's order (the schema's attachments are their descriptions). */
  readonly attachments: readonly F[];
};

/** How much of the request body has gone out, in bytes. */
export interface UploadProgress {
  /** Bytes sent so far. */
  readonly loaded: number;
  /** Bytes of the whole body. */
  readonly total: number;
}

/**
 * What became of a send: stored (`sent`, with the server's id), refused for its data (`invalid`, one
 * message key of the domain per field, shown at that field; `refusedAttachments`: the positions in the
 * message's attachments of the files the attachments error is about, when the server says), or not
 * delivered (`failed`: the form offers the site's alternative contacts).
 */
export type SubmissionOutcome =
  | {
      readonly kind: 'sent';
      readonly id: string;
      /** When the service stored it (ISO 8601), where the service says. */
      readonly receivedAt?: string;
    }
  | {
      readonly kind: 'invalid';
      readonly errors: Readonly<Record<string, string>>;
      readonly refusedAttachments?: readonly number[];
    }
  | {
      readonly kind: 'failed';
      /** The send was withdrawn (its signal aborted, or the page left) before the message was wholly uploaded. */
      readonly withdrawn?: true;
    };

/**
 * Sends a contact message to customer service. Browser: `XhrContactSubmission` (multipart POST to
 * the contact endpoint, with upload progress); tests: `MemoryContactSubmission`.
 */
export interface ContactSubmission<F extends FileDescriptor = FileDescriptor> {
  /**
   * Sends one message; reports upload progress through `onProgress` when the transport knows it.
   * Never rejects: every problem is an outcome. An abort of `signal` (the form left inside the app),
   * or the page left (a transport that notices it), withdraws a message the transport has not yet
   * seen wholly uploaded: the send ends `failed` and `withdrawn`, and the service normally never has it (an abort in the instant between the last byte
   * and the transport's notice of it cannot be told apart). Once uploaded the answer is still awaited.
   */
  submit(
    message: OutgoingContactMessage<F>,
    onProgress?: (progress: UploadProgress) => void,
    signal?: AbortSignalLike,
  ): Promise<SubmissionOutcome>;
}
