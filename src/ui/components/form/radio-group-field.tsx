import type { ReactNode } from 'react';
import { pressAwareBlur } from './blur-after-press';
import { FieldMessages, fieldIds } from './field-frame';

export interface RadioOption {
  readonly value: string;
  readonly label: ReactNode;
  readonly hint?: ReactNode;
}

export interface RadioGroupFieldProps {
  /** The first option's id (an error summary's link moves focus there); the others add `-<value>`. */
  readonly id: string;
  readonly name: string;
  /** The group's question, its legend. */
  readonly legend: ReactNode;
  readonly options: readonly RadioOption[];
  /** The chosen value; '' for none. */
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
  readonly error?: string;
  readonly errorLabel?: string;
  readonly required?: boolean;
  /** Read-only while the form is being sent: a click leaves the choice as it is. */
  readonly readOnly?: boolean;
}

const optionId = (id: string, index: number, value: string) => (index === 0 ? id : `${id}-${value}`);

/** A group of radio buttons in a fieldset: its legend, its inline error, then one labelled option per value. */
export function RadioGroupField({ id, name, legend, options, value, onChange, onBlur, error, errorLabel, required, readOnly }: RadioGroupFieldProps) {
  const ids = fieldIds(id);
  return (
    <fieldset
      className={error ? 'field field--radios field--invalid' : 'field field--radios'}
      // A radio group (a fieldset's own role, group, allows no aria-required), named by its legend; its
      // states are the group's, as a text field's are the field's.
      role="radiogroup"
      aria-labelledby={ids.label}
      aria-describedby={error ? ids.error : undefined}
      aria-required={required ? true : undefined}
      aria-invalid={error ? true : undefined}
      aria-readonly={readOnly ? true : undefined}
      // Read-only: an arrow key would move the focus to an option it does not choose.
      onKeyDown={(event) => {
        if (readOnly && event.key.startsWith('Arrow')) event.preventDefault();
      }}
    >
      <legend className="field-label" id={ids.label}>
        {legend}
      </legend>
      <FieldMessages id={id} error={error} errorLabel={errorLabel} />
      {options.map((option, index) => {
        const own = optionId(id, index, option.value);
        return (
          <div className="radio" key={option.value}>
            <input
              className="radio-input"
              type="radio"
              id={own}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                if (!readOnly) onChange(option.value);
              }}
              {...pressAwareBlur(onBlur)}
              aria-describedby={option.hint ? `${own}-hint` : undefined}
            />
            <div className="radio-text">
              <label className="radio-label" htmlFor={own}>
                {option.label}
              </label>
              {option.hint ? (
                <p className="radio-hint" id={`${own}-hint`}>
                  {option.hint}
                </p>
              ) : null}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
