import type { ReactNode } from 'react';
import { FieldMessages, describedBy } from './field-frame';
import { pressAwareBlur } from './blur-after-press';

export interface CheckboxFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: ReactNode;
  readonly checked: boolean;
  readonly onChange: (checked: boolean) => void;
  readonly onBlur: () => void;
  readonly hint?: ReactNode;
  readonly error?: string;
  readonly errorLabel?: string;
  readonly required?: boolean;
  /** Read-only while the form is being sent: a click leaves the controlled state as it is. */
  readonly readOnly?: boolean;
  /** 'off' keeps the browser from ticking it again on Back (a confirmation given each time). */
  readonly autoComplete?: 'off';
}

/** A checkbox with its label after it, and its hint and inline error above it. */
export function CheckboxField({ id, name, label, checked, onChange, onBlur, hint, error, errorLabel, required, readOnly, autoComplete }: CheckboxFieldProps) {
  return (
    <div className={error ? 'field field--checkbox field--invalid' : 'field field--checkbox'}>
      <FieldMessages id={id} hint={hint} error={error} errorLabel={errorLabel} />
      <div className="checkbox">
        <input
          className="checkbox-input"
          type="checkbox"
          id={id}
          name={name}
          autoComplete={autoComplete}
          checked={checked}
          onChange={(event) => {
            if (!readOnly) onChange(event.target.checked);
          }}
          {...pressAwareBlur(onBlur)}
          aria-describedby={describedBy(id, hint, error)}
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
          aria-readonly={readOnly ? true : undefined}
        />
        <label className="checkbox-label" htmlFor={id}>
          {label}
        </label>
      </div>
    </div>
  );
}
