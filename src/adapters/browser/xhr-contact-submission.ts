import type { AbortSignalLike } from '../../ports/abort-signal';
import type { FileDescriptor } from '../../domain/support/attachments';
import { LogLevel } from '../../domain/tracking/log-buffer';
import type {
  ContactSubmission,
  OutgoingContactMessage,
  SubmissionOutcome,
  UploadProgress,
} from '../../ports/contact-submission';
import type { Logger } from '../../ports/logger';

/** The reference backend's contact endpoint (shared decisions, "Submissions"). */
export const CONTACT_ENDPOINT = '/service/customersupportfrontend/api/contact';

/** The part of `XMLHttpRequest` the adapter uses. */
export type XhrLike = Pick<
  XMLHttpRequest,
  'open' | 'send' | 'setRequestHeader' | 'status' | 'responseText' | 'onload' | 'onerror' | 'onabort' | 'ontimeout' | 'onprogress' | 'abort'
> & { readonly upload: Pick<XMLHttpRequestUpload, 'onprogress' | 'onload'> };

/** How long an upload may go without any progress before the send counts as failed. */
export const SEND_STALL_MS = 60_000;
/** How long the server has to answer once the whole message is uploaded (a larger message gets longer: {@link answerWaitMs}). */
export const ANSWER_WAIT_MS = 120_000;
/**
 * The slowest uplink a large message's answer is awaited for, in bytes per millisecond (16 KB/s). The
 * browser counts a message uploaded once its bytes are handed on, and a phone's socket buffer or a
 * carrier's proxy may hold megabytes of it: a two-minute wait failed a message the server stored a
 * minute later.
 */
const SLOWEST_UPLINK_BYTES_PER_MS = 16.384;
/** How long the server has to answer a message of `bytes` once the browser counted it uploaded. */
const answerWaitMs = (bytes: number): number => ANSWER_WAIT_MS + Math.ceil(bytes / SLOWEST_UPLINK_BYTES_PER_MS);

export interface XhrContactSubmissionOptions {
  /** Default {@link CONTACT_ENDPOINT}. */
  readonly endpoint?: string;
  /** Default `() => new XMLHttpRequest()`. */
  readonly createRequest?: () => XhrLike;
  /**
   * Gives up when nothing has moved for this many milliseconds (a failed send); default
   * {@link SEND_STALL_MS}. Not a limit on the whole send: three 5 MB files take minutes on a slow line.
   */
  readonly stallMs?: number;
  /** Calls `listener` when the page is left (default: the window's `pagehide`); returns the unsubscribe. */
  readonly onPageHide?: (listener: () => void) => () => void;
  readonly logger?: Logger;
  /**
   * The locale the page was served for (support spec §1: from the request's locale header), sent on as
   * `x-locale`: a proxy that adds the header to page requests only would otherwise store de-DE.
   */
  readonly locale?: string;
  /** Default `Date.now`. */
  readonly now?: () => number;
}

const FAILED: SubmissionOutcome = { kind: 'failed' };
const WITHDRAWN: SubmissionOutcome = { kind: 'failed', withdrawn: true };
const FORM_LEFT = 'the form was left';
const PAGE_LEFT = 'the page was left';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The `invalid` outcome of a `{ errors: { field: key }, refusedAttachments?: [position] }` answer, or
 * `undefined` when it has no field errors; positions that name no file sent are left out.
 */
function invalidOutcomeOf(body: string, fileCount: number): SubmissionOutcome | undefined {
  const json = parseJson(body);
  if (!isRecord(json) || !isRecord(json['errors'])) return undefined;
  const errors = Object.fromEntries(
    Object.entries(json['errors']).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  if (Object.keys(errors).length === 0) return undefined;
  const positions = json['refusedAttachments'];
  const refused = Array.isArray(positions)
    ? positions.filter((n): n is number => Number.isInteger(n) && n >= 0 && n < fileCount)
    : [];
  return refused.length > 0 ? { kind: 'invalid', errors, refusedAttachments: refused } : { kind: 'invalid', errors };
}

/**
 * The outcome of an answer: 201 sent (with the time it was stored, when the answer says); 400 or 413 with field errors invalid (with the positions of
 * the refused `attachments`, when the answer names them); anything else failed. A 413 without field
 * errors (a proxy's body limit, the server's `body.tooLarge`) is no file-size error: the browser
 * never sends a file over 5 MB, so the text fields are kept and the failure text offers other contacts.
 */
export function outcomeOfAnswer(status: number, body: string, attachmentCount = 0): SubmissionOutcome {
  if (status === 201) {
    const json = parseJson(body);
    const id = isRecord(json) && typeof json['id'] === 'string' ? json['id'] : '';
    const receivedAt = isRecord(json) && typeof json['receivedAt'] === 'string' ? json['receivedAt'] : undefined;
    return receivedAt === undefined ? { kind: 'sent', id } : { kind: 'sent', id, receivedAt };
  }
  if (status !== 400 && status !== 413) return FAILED;
  return invalidOutcomeOf(body, attachmentCount) ?? FAILED;
}

/** The multipart body: the text fields of the shared decisions, `legalConsent` only when ticked, the files under `attachments`. */
export function contactFormData(message: OutgoingContactMessage<File>): FormData {
  const data = new FormData();
  data.append('site', message.site);
  data.append('question', message.question);
  data.append('topic', message.topic);
  if (message.articleNumber) data.append('articleNumber', message.articleNumber);
  data.append('firstName', message.firstName);
  data.append('lastName', message.lastName);
  data.append('email', message.email);
  if (message.legalConsent === true) data.append('legalConsent', 'true');
  for (const file of message.attachments) data.append('attachments', file, file.name);
  return data;
}

/**
 * The positions of the files that can no longer be read: deleted or moved on disk since they were
 * chosen (some browsers: changed too). The browser then fails the upload as it fails a lost
 * connection, at every try.
 */
async function unreadablePositions(files: readonly Blob[]): Promise<number[]> {
  const positions: number[] = [];
  for (const [index, file] of files.entries()) {
    try {
      await file.slice(0, 1).arrayBuffer();
    } catch {
      positions.push(index);
    }
  }
  return positions;
}

const onWindowPageHide = (listener: () => void): (() => void) => {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('pagehide', listener);
  return () => window.removeEventListener('pagehide', listener);
};

/** Posts the contact form as `multipart/form-data` with `XMLHttpRequest`, which reports upload progress (fetch cannot). */
export class XhrContactSubmission implements ContactSubmission<File> {
  private readonly endpoint: string;
  private readonly createRequest: () => XhrLike;
  private readonly stallMs: number;
  private readonly onPageHide: (listener: () => void) => () => void;

  constructor(private readonly options: XhrContactSubmissionOptions = {}) {
    this.endpoint = options.endpoint ?? CONTACT_ENDPOINT;
    this.createRequest = options.createRequest ?? (() => new XMLHttpRequest());
    this.stallMs = options.stallMs ?? SEND_STALL_MS;
    this.onPageHide = options.onPageHide ?? onWindowPageHide;
  }

  submit(
    message: OutgoingContactMessage<File>,
    onProgress?: (progress: UploadProgress) => void,
    signal?: AbortSignalLike,
  ): Promise<SubmissionOutcome> {
    return new Promise((resolve) => {
      if (signal?.aborted) {
        resolve(WITHDRAWN);
        return;
      }
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      let stopListening = (): void => undefined;
      let abortedBecause: string | undefined;
      const finish = (outcome: SubmissionOutcome, why?: string) => {
        clearTimeout(watchdog);
        stopListening();
        if (why) this.warn(why);
        resolve(outcome);
      };
      try {
        const request = this.createRequest();
        const stop = (why: string) => {
          abortedBecause = why;
          request.abort();
        };
        // While uploading, the send fails when nothing moves for `stallMs`. Once all is uploaded the
        // message is on its way: the server gets answerWaitMs to answer, and leaving the page no longer stops it.
        let uploaded = false;
        let bodyBytes = 0;
        const moved = () => {
          if (uploaded) return;
          clearTimeout(watchdog);
          watchdog = setTimeout(() => stop(`nothing moved for ${this.stallMs} ms`), this.stallMs);
        };
        const allUploaded = () => {
          if (uploaded) return;
          uploaded = true;
          stopListening();
          stopListening = () => undefined;
          clearTimeout(watchdog);
          const wait = answerWaitMs(bodyBytes);
          watchdog = setTimeout(() => stop(`no answer within ${wait} ms`), wait);
        };
        request.open('POST', this.endpoint);
        request.setRequestHeader('Accept', 'application/json');
        if (this.options.locale) request.setRequestHeader('x-locale', this.options.locale);
        request.onprogress = moved;
        request.upload.onload = allUploaded;
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) bodyBytes = event.total;
          if (event.lengthComputable && event.loaded >= event.total) allUploaded();
          else moved();
          if (!event.lengthComputable) return;
          try {
            onProgress?.({ loaded: event.loaded, total: event.total });
          } catch {
            // a failing progress display never stops the upload
          }
        };
        request.onload = () => {
          const outcome = outcomeOfAnswer(request.status, request.responseText, message.attachments.length);
          finish(outcome, outcome.kind === 'failed' ? `Contact form answered ${request.status}` : undefined);
        };
        request.onerror = () => {
          clearTimeout(watchdog);
          void unreadablePositions(message.attachments).then((positions) =>
            positions.length > 0
              ? finish({ kind: 'invalid', errors: { attachments: 'attachments.unreadable' }, refusedAttachments: positions }, 'Contact form not sent: an attachment can no longer be read')
              : finish(FAILED, 'Contact form not sent: network error'),
          );
        };
        request.onabort = () =>
          finish(
            abortedBecause === FORM_LEFT || abortedBecause === PAGE_LEFT ? WITHDRAWN : FAILED,
            `Contact form not sent: aborted${abortedBecause ? ` (${abortedBecause})` : ''}`,
          );
        request.ontimeout = () => finish(FAILED, 'Contact form not sent: timeout');
        // A page left during the upload (kept in the back-forward cache, it would go on uploading) withdraws
        // it, and so does the form left inside the app (`signal`): the message stays a draft, not sent
        // behind the shopper's back while the form, opened again, offers it once more. Nothing failed.
        const stopOnPageHide = this.onPageHide(() => stop(PAGE_LEFT));
        const stopOnFormLeft = () => stop(FORM_LEFT);
        signal?.addEventListener('abort', stopOnFormLeft);
        stopListening = () => {
          stopOnPageHide();
          signal?.removeEventListener('abort', stopOnFormLeft);
        };
        moved();
        request.send(contactFormData(message));
      } catch (error) {
        finish(FAILED, `Contact form not sent: ${String(error)}`);
      }
    });
  }

  private warn(message: string): void {
    try {
      this.options.logger?.log({ time: (this.options.now ?? Date.now)(), level: LogLevel.warn, message });
    } catch {
      // logging never breaks sending
    }
  }
}
