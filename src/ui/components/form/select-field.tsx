import { pressAwareBlur } from './blur-after-press';
import { FieldFrame, describedBy, frameTexts, type FieldTexts } from './field-frame';

export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

export interface SelectFieldProps extends FieldTexts {
  readonly id: string;
  readonly name: string;
  readonly value: string;
  /** The first, unselected choice (value ''). */
  readonly placeholder: string;
  readonly options: readonly SelectOption[];
  readonly onChange: (value: string) => void;
  readonly onBlur: () => void;
  readonly required?: boolean;
  /** Read-only while the form is being sent: the choice stays focusable and readable but cannot change. */
  readonly readOnly?: boolean;
}

/** A labelled native select with an unselected first choice, its hint and inline error. */
export function SelectField(props: SelectFieldProps) {
  const { id, name, value, placeholder, options, onChange, onBlur, required, readOnly } = props;
  return (
    <FieldFrame id={id} {...frameTexts(props)}>
      <select
        className="field-control field-control--select"
        id={id}
        name={name}
        value={value}
        // A select has no read-only state of its own: the other choices are disabled (the list shows
        // them greyed out), and a change that still arrives is refused, so the controlled value stays.
        onChange={(event) => {
          if (!readOnly) onChange(event.target.value);
        }}
        {...pressAwareBlur(onBlur)}
        aria-describedby={describedBy(id, props.hint, props.error)}
        aria-invalid={props.error ? true : undefined}
        aria-required={required ? true : undefined}
        aria-readonly={readOnly ? true : undefined}
      >
        <option value="" disabled={readOnly && value !== ''}>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={readOnly && option.value !== value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
