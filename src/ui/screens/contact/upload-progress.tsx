import type { SendState } from './use-contact-form';

export interface UploadProgressProps {
  readonly send: SendState;
  /** The progress bar's accessible name. */
  readonly label: string;
  /** What the status line says while the percentage is not known yet. */
  readonly pendingText: string;
  /** The status line for a percentage. */
  readonly statusText: (percent: number) => string;
}

// Screen readers hear the progress in quarter steps, not at every upload event.
const announced = (percent: number) => Math.floor(percent / 25) * 25;

/**
 * The send's progress: a bar that follows the upload with the same percentage as visible text beside
 * it (hidden from screen readers, which read the bar), and a visually hidden status line
 * (`role="status"`, always in the page so that its changes are announced) that names the progress in
 * quarter steps while sending.
 */
export function UploadProgress({ send, label, pendingText, statusText }: UploadProgressProps) {
  const sending = send.phase === 'sending';
  const percent = sending ? send.percent : undefined;
  return (
    <div className="send-progress">
      {sending ? (
        percent === undefined ? (
          <progress className="send-progress-bar" aria-label={label} />
        ) : (
          <progress className="send-progress-bar" aria-label={label} max={100} value={percent} />
        )
      ) : null}
      {sending ? (
        <p className="send-progress-status" aria-hidden="true">
          {percent === undefined ? pendingText : statusText(percent)}
        </p>
      ) : null}
      <p className="visually-hidden" role="status">
        {/* Under the first quarter (or not known yet) it still says the sending started: '0 %' right
            after it would only say that again. */}
        {sending ? (percent! >= 25 ? statusText(announced(percent!)) : pendingText) : null}
      </p>
    </div>
  );
}
