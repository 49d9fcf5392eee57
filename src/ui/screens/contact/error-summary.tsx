import { useEffect, useLayoutEffect, useRef } from 'react';

export interface SummaryEntry {
  /** The id of the field's control. */
  readonly id: string;
  readonly text: string;
}

/**
 * Moves focus to a field's control and brings its label into view, and the control too: on a short
 * view (a phone at 400 % zoom) the centred label pushes a tall control out at the bottom.
 */
export function focusField(id: string): void {
  const control = document.getElementById(id);
  if (!control) return;
  control.focus();
  const label = document.querySelector(`label[for="${id}"]`);
  (label ?? control).scrollIntoView?.({ block: 'center' });
  control.scrollIntoView?.({ block: 'nearest' });
}

const TITLE_ID = 'contact-error-summary-title';

export interface ErrorSummaryProps {
  /** The invalid-form text, the summary's heading. */
  readonly title: string;
  readonly entries: readonly SummaryEntry[];
  /** Every new value moves focus to the summary (one per refused submit). */
  readonly focusRequest: number;
}

/**
 * The error summary at the top of the form: the invalid-form text and one link per field in error,
 * which moves focus to that field. It takes focus on each refused submit. Only its heading is the
 * alert, made anew by each refused submit: the list follows the fields' errors as they change, and
 * each change would otherwise be announced again, beside the field's own description.
 */
export function ErrorSummary({ title, entries, focusRequest }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const summary = ref.current;
    if (focusRequest === 0 || !summary) return;
    // The browser would centre a summary taller than the view (a phone at 400 % zoom), its heading
    // above the top: one not wholly in view, its focus ring (the scroll margin) included, is brought
    // in from its start instead (the same margin kept below it); one in view stays where it is.
    summary.focus({ preventScroll: true });
    const { top, bottom } = summary.getBoundingClientRect();
    const ring = parseFloat(getComputedStyle(summary).scrollMarginTop) || 0;
    if (top < ring || bottom + ring > window.innerHeight) summary.scrollIntoView?.({ block: 'start' });
  }, [focusRequest]);
  // Closed while it holds the focus (a draft restored after a refused submit filled every field): the
  // focus goes to the form's first field, not to the page. Run before the summary leaves the page.
  useLayoutEffect(() => {
    const summary = ref.current;
    return () => {
      if (!summary?.contains(document.activeElement)) return;
      const first = summary.closest('form')?.querySelector<HTMLElement>('input, select, textarea');
      if (first?.id) focusField(first.id);
    };
  }, []);
  return (
    // A group named by its heading: where it takes the focus a screen reader reads the invalid-form text
    // with it (named from its content, it was the list of errors alone).
    <div className="error-summary" tabIndex={-1} ref={ref} role="group" aria-labelledby={TITLE_ID}>
      <div role="alert" key={focusRequest}>
        <h2 className="error-summary-title" id={TITLE_ID}>
          {title}
        </h2>
      </div>
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
  );
}
