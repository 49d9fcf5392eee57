import { useEffect, useRef } from 'react';

export interface SummaryEntry {
  /** The id of the field's control. */
  readonly id: string;
  readonly text: string;
}

/** Moves focus to a field's control and brings its label into view. */
export function focusField(id: string): void {
  const control = document.getElementById(id);
  if (!control) return;
  control.focus();
  const label = document.querySelector(`label[for="${id}"]`);
  (label ?? control).scrollIntoView?.({ block: 'center' });
}

export interface ErrorSummaryProps {
  /** The invalid-form text, the summary's heading. */
  readonly title: string;
  readonly entries: readonly SummaryEntry[];
  /** Every new value moves focus to the summary (one per refused submit). */
  readonly focusRequest: number;
}

/**
 * The error summary at the top of the form: the invalid-form text and one link per field in error,
 * which moves focus to that field. It takes focus on each refused submit.
 */
export function ErrorSummary({ title, entries, focusRequest }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusRequest > 0) ref.current?.focus();
  }, [focusRequest]);
  return (
    <div className="error-summary" tabIndex={-1} ref={ref}>
      <div role="alert">
        <h2 className="error-summary-title">{title}</h2>
        <ul className="error-summary-list">
          {entries.map((entry) => (
            <li key={entry.id}>
              <a
                href={`#${entry.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(entry.id);
                }}
              >
                {entry.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
