import type { HTMLInputTypeAttribute } from 'react';
import { pressAwareBlur } from './blur-after-press';
import { FieldFrame, describedBy, frameTexts, type FieldTexts } from './field-frame';

export interface TextFieldProps extends FieldTexts {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
  readonly type?: HTMLInputTypeAttribute;
  readonly autoComplete?: string;
  readonly inputMode?: 'text' | 'email' | 'numeric';
  /** Marks the control as required for assistive technology (no browser validation). */
  readonly required?: boolean;
  /** A multi-line text area instead of a one-line input. */
  readonly multiline?: boolean;
  readonly rows?: number;
  /** Read-only while the form is being sent: focusable and read by screen readers, not editable. */
  readonly readOnly?: boolean;
}

/** A labelled text input or text area with its hint and inline error (aria-describedby, aria-invalid). */
export function TextField(props: TextFieldProps) {
  const { id, name, value, onChange, onBlur, type = 'text', autoComplete, inputMode, required, multiline, rows = 6, readOnly } = props;
  const common = {
    id,
    name,
    value,
    // Arabic or Hebrew typed reads right to left, its punctuation where the writer put it.
    dir: 'auto',
    readOnly: readOnly || undefined,
    ...pressAwareBlur(onBlur),
    'aria-describedby': describedBy(id, props.hint, props.error),
    'aria-invalid': props.error ? true : undefined,
    'aria-required': required ? true : undefined,
  } as const;
  return (
    <FieldFrame id={id} {...frameTexts(props)}>
      {multiline ? (
        <>
          <textarea className="field-control" rows={rows} {...common} onChange={(event) => onChange(event.target.value)} />
          {/* Printed in its place once it holds the text (see form.css): a text area cannot break across pages. */}
          <div className="field-print" dir="auto">
            {value}
          </div>
        </>
      ) : (
        <input
          className="field-control"
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          spellCheck={type === 'email' ? false : undefined}
          {...common}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
