import type { ReactNode, Ref } from 'react';
import { FieldFrame, describedBy, fieldIds, frameTexts, type FieldTexts } from './field-frame';
import { pressAwareBlur } from './blur-after-press';

export interface FileInputProps extends FieldTexts {
  readonly id: string;
  readonly name: string;
  /** The `accept` list offered to the file picker (the rules are checked again on every pick). */
  readonly accept?: string;
  readonly multiple?: boolean;
  /** The visible text of the button that opens the picker. */
  readonly buttonText: string;
  /** Receives the files of each pick; the control itself is emptied, so the same file may be picked again. */
  readonly onFiles: (files: File[]) => void;
  readonly onBlur?: () => void;
  /** Shown below the control (the list of chosen files). */
  readonly children?: ReactNode;
  readonly ref?: Ref<HTMLInputElement>;
  /** While the form is being sent: the picker does not open (the control stays focusable). */
  readonly readOnly?: boolean;
}

/**
 * A native file input, unseen over a button-like label so that its "no file chosen" text never
 * contradicts the list of chosen files; it keeps the keyboard and screen-reader behaviour of the
 * native control, and takes files dropped on the button. Its name is the field label followed by
 * the button's text ('Anhänge (optional) Dateien auswählen'), so a voice-control user who says the
 * words on the button reaches it (WCAG 2.5.3 Label in Name); the button label stays `aria-hidden`,
 * so browse mode does not read its text twice.
 */
export function FileInput(props: FileInputProps) {
  const { ref, id, name, accept, multiple = true, buttonText, onFiles, onBlur, children, readOnly } = props;
  const buttonId = `${id}-button`;
  return (
    <FieldFrame id={id} {...frameTexts(props)}>
      <div className="file-input">
        <input
          ref={ref}
          className="file-input-control"
          type="file"
          // Emptied after each pick: without a title the browser's tooltip over the button says no file is chosen.
          title=""
          id={id}
          name={name}
          accept={accept}
          multiple={multiple}
          aria-labelledby={`${fieldIds(id).label} ${buttonId}`}
          aria-describedby={describedBy(id, props.hint, props.error)}
          aria-invalid={props.error ? true : undefined}
          aria-disabled={readOnly ? true : undefined}
          {...pressAwareBlur(onBlur)}
          onClick={(event) => {
            if (readOnly) event.preventDefault();
          }}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0 && !readOnly) onFiles(files);
          }}
        />
        <label className="file-input-button" id={buttonId} htmlFor={id} aria-hidden="true">
          {buttonText}
        </label>
      </div>
      {children}
    </FieldFrame>
  );
}
