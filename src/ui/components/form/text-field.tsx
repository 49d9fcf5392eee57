import { pressAwareBlur } from './blur-after-press';
import { CharacterCount, countShown } from './character-count';
import { FieldFrame, describedBy, fieldIds, frameTexts, type FieldTexts } from './field-frame';

export interface TextFieldProps extends FieldTexts {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
  readonly autoComplete?: string;
  /**
   * The keyboard a phone shows. An e-mail address is a text input with the e-mail keyboard, not
   * `type="email"`: Chromium's e-mail input hands the page a domain in other letters in its ASCII
   * form and turns its ß into ss (`maß.de` -> `mass.de`, another domain), which nothing can undo.
   */
  readonly inputMode?: 'text' | 'email' | 'numeric';
  /** A number or code (a customer number): like an address, no spell check, capitals or corrections. */
  readonly code?: boolean;
  /** Marks the control as required for assistive technology (no browser validation). */
  readonly required?: boolean;
  /** A multi-line text area instead of a one-line input. */
  readonly multiline?: boolean;
  readonly rows?: number;
  /** Read-only while the form is being sent: focusable and read by screen readers, not editable. */
  readonly readOnly?: boolean;
  /** The text's limit: near it, how many characters are left (or over) shows under the control. */
  readonly maxLength?: number;
}

/** A labelled text input or text area with its hint and inline error (aria-describedby, aria-invalid). */
export function TextField(props: TextFieldProps) {
  const { id, name, value, onChange, onBlur, autoComplete, inputMode, required, multiline, rows = 6, readOnly, maxLength } = props;
  const address = inputMode === 'email' || props.code;
  const common = {
    id,
    name,
    value,
    // Arabic or Hebrew typed reads right to left, its punctuation where the writer put it.
    dir: 'auto',
    readOnly: readOnly || undefined,
    ...pressAwareBlur(onBlur),
    'aria-describedby': describedBy(id, props.hint, props.error, maxLength !== undefined && countShown(value, maxLength) ? fieldIds(id).count : undefined),
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
          type="text"
          autoComplete={autoComplete}
          inputMode={inputMode}
          // An address or a code is neither a word to check nor a sentence to start with a capital.
          spellCheck={address ? false : undefined}
          autoCapitalize={address ? 'none' : undefined}
          autoCorrect={address ? 'off' : undefined}
          {...common}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {maxLength === undefined ? null : <CharacterCount id={id} value={value} max={maxLength} />}
    </FieldFrame>
  );
}
