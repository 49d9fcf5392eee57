import type { ReactNode } from 'react';
import './form.css';

/** The ids a field's parts use: the control, its label, its hint, its inline error and its character count. */
export const fieldIds = (id: string) => ({ control: id, label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error`, count: `${id}-count` });

/** The `aria-describedby` of a control: its hint, then its error, then `more` (a count), each only when shown. */
export function describedBy(id: string, hint?: ReactNode, error?: ReactNode, more?: string): string | undefined {
  const ids = fieldIds(id);
  const list = [hint ? ids.hint : undefined, error ? ids.error : undefined, more].filter(Boolean);
  return list.length > 0 ? list.join(' ') : undefined;
}

export interface FieldTexts {
  /** The visible label. */
  readonly label: ReactNode;
  /** Shown after the label for an optional field, such as "(optional)". */
  readonly optionalText?: string;
  readonly hint?: ReactNode;
  /** The inline error; the field is invalid while it is shown. */
  readonly error?: string;
  /** Read before the error by screen readers ("Fehler:"), visually hidden. */
  readonly errorLabel?: string;
}

/** The frame's part of a field's props. */
export const frameTexts = ({ label, optionalText, hint, error, errorLabel }: FieldTexts): FieldTexts => ({
  label,
  optionalText,
  hint,
  error,
  errorLabel,
});

/** The hint and the inline error of a field, with the ids its control points to. */
export function FieldMessages({ id, hint, error, errorLabel }: { id: string } & Omit<FieldTexts, 'label'>) {
  const ids = fieldIds(id);
  return (
    <>
      {hint ? (
        <p className="field-hint" id={ids.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        // A new element for each new error: a page translator replaces text nodes by its own, and React
        // would go on changing the one it no longer shows.
        <p className="field-error" id={ids.error} key={error}>
          {errorLabel ? <span className="visually-hidden">{errorLabel} </span> : null}
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A field's frame: the label (with its optional mark), the hint, the error, then the control. */
export function FieldFrame({ id, label, optionalText, hint, error, errorLabel, children }: { id: string; children: ReactNode } & FieldTexts) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field-label" id={fieldIds(id).label} htmlFor={id}>
        {label}
        {/* One text node with its space: Chromium drops a space that is a text node of its own from the accessible name. */}
        {optionalText ? <span className="field-optional">{` ${optionalText}`}</span> : null}
      </label>
      <FieldMessages id={id} hint={hint} error={error} errorLabel={errorLabel} />
      {children}
    </div>
  );
}
