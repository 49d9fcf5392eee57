import { useReducer, useRef, useState } from 'react';
import {
  ATTACHMENT_EXTENSIONS,
  attachmentProblem,
  type AttachmentMessageKey,
} from '../../../domain/support/contact-fields';
import { fieldIds } from '../../components/form/field-frame';
import { FileInput } from '../../components/form/file-input';
import { useTexts } from '../../hooks/use-texts';
import { errorTextKey, fileReason } from './contact-validation';
import { limitParams } from './contact-values';
import { shownFileName } from './file-name';

const ACCEPT = ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** What the status region last said, and how many times it has spoken. */
interface Announcement {
  readonly text: string;
  readonly count: number;
}
const NOTHING_SAID: Announcement = { text: '', count: 0 };

interface Refusal {
  readonly name: string;
  readonly reason: AttachmentMessageKey;
}

/**
 * Adds picked files one by one while the domain's attachment rules allow: a file that would break them
 * (a fourth file, over 5 MB, a type other than pdf, png, jpg, jpeg, jfif) is not added, and why is said.
 * Nor is a file chosen again (the same name, size and date): it would take one of the three places.
 */
export function addFiles(current: readonly File[], picked: readonly File[]): { files: File[]; refusals: Refusal[] } {
  const files = [...current];
  const refusals: Refusal[] = [];
  for (const file of picked) {
    const reason = files.some((added) => added.name === file.name && added.size === file.size && added.lastModified === file.lastModified)
      ? 'attachments.duplicate'
      : attachmentProblem([...files, file]);
    if (reason) refusals.push({ name: shownFileName(file.name), reason });
    else files.push(file);
  }
  return { files, refusals };
}

export interface AttachmentsFieldProps {
  readonly id: string;
  readonly files: readonly File[];
  /** The field's validation error text (from the form), if any. */
  readonly error?: string;
  /** The chosen files the error is about (the server named them): marked in the list. */
  readonly refused?: readonly File[];
  readonly onChange: (files: File[]) => void;
  readonly onBlur: () => void;
  /** While the form is being sent: no file is added or removed. */
  readonly readOnly?: boolean;
}

/** The attachments control: the picker, why a file was refused, and the chosen files with a remove button each. */
export function AttachmentsField({ id, files, error, refused = [], onChange, onBlur, readOnly }: AttachmentsFieldProps) {
  const { t, language, numberLocale } = useTexts();
  const [refusals, setRefusals] = useState<Refusal[]>([]);
  // Each announcement is a new node: the same words again (a second 'image.jpg', the same refusal)
  // are a change a screen reader reads out, where equal text would leave the region untouched.
  const [announcement, setAnnouncement] = useReducer((last: Announcement, text: string) => ({ text, count: last.count + 1 }), NOTHING_SAID);
  const input = useRef<HTMLInputElement>(null);
  const params = limitParams('attachments');
  const listId = `${id}-list`;

  const describe = (list: readonly Refusal[]) =>
    list.map(({ name, reason }) => fileReason(t, language, 'refused', name, t(errorTextKey(reason), params)));
  const refusalText = describe(refusals).join(' ');
  // The remove button of a file the error names is described by it: its name says which file to remove.
  const errorOfFile = (file: File) => (error && refused.includes(file) ? fieldIds(id).error : undefined);

  const add = (picked: File[]) => {
    const result = addFiles(files, picked);
    const added = result.files.slice(files.length);
    setRefusals(result.refusals);
    if (added.length > 0) onChange(result.files);
    const addedText = added.length > 0 ? t('contact.attachments.added', { name: added.map((file) => shownFileName(file.name)).join(', ') }) : '';
    setAnnouncement([addedText, ...describe(result.refusals)].filter(Boolean).join(' '));
  };

  const remove = (index: number) => {
    const file = files[index];
    if (!file || readOnly) return;
    setRefusals([]);
    onChange(files.filter((_, i) => i !== index));
    setAnnouncement(t('contact.attachments.removed', { name: shownFileName(file.name) }));
    input.current?.focus();
    // Chromium scrolls a control that is partly in view no further on focus: at 400 % zoom the file
    // button was left with a sliver of its focus ring showing once the refusals above it went. Brought
    // into view when the page shows the shorter list.
    requestAnimationFrame(() => input.current?.scrollIntoView?.({ block: 'nearest' }));
  };

  return (
    <FileInput
      ref={input}
      id={id}
      name="attachments"
      label={t('contact.attachments.label')}
      optionalText={t('contact.optional')}
      hint={t('contact.attachments.hint', params)}
      error={[error, refusalText].filter(Boolean).join(' ') || undefined}
      errorLabel={t('contact.errorLabel')}
      accept={ACCEPT}
      buttonText={t('contact.attachments.choose')}
      onFiles={add}
      onBlur={onBlur}
      readOnly={readOnly}
    >
      {files.length > 0 ? (
        <div className="attachment-list">
          <p className="attachment-list-title" id={listId}>
            {t('contact.attachments.listLabel')}
          </p>
          <ul aria-labelledby={listId}>
            {files.map((file, index) => (
              <li
                className={errorOfFile(file) ? 'attachment attachment-refused' : 'attachment'}
                key={`${index}:${file.name}:${file.size}`}
              >
                <span className="attachment-name">{shownFileName(file.name)}</span>{' '}
                <span className="attachment-size">({formatSize(file.size, numberLocale)})</span>
                <button
                  type="button"
                  className="button-link attachment-remove"
                  aria-label={t('contact.attachments.remove', { name: shownFileName(file.name) })}
                  aria-describedby={errorOfFile(file)}
                  aria-disabled={readOnly ? true : undefined}
                  onClick={() => remove(index)}
                >
                  {t('contact.attachments.removeShort')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="visually-hidden" role="status">
        <span key={announcement.count}>{announcement.text}</span>
      </p>
    </FileInput>
  );
}

/** Built once per locale and unit: building one is the costliest step of a render on a slow phone. */
const sizeFormats = new Map<string, Intl.NumberFormat>();

/**
 * A file size in bytes (under 1 kB: never rounded up to look like content), kB or MB, in the page's
 * number locale; a size that rounds to 1024 kB (one decimal) is 1 MB.
 */
function formatSize(bytes: number, locale: string): string {
  const power = bytes < 1024 ? 0 : bytes < 1023.95 * 1024 ? 1 : 2;
  try {
    const id = locale + power;
    const format = sizeFormats.get(id) ?? new Intl.NumberFormat(locale, { style: 'unit', unit: ['byte', 'kilobyte', 'megabyte'][power], maximumFractionDigits: 1 });
    sizeFormats.set(id, format);
    return format.format(bytes / 1024 ** power);
  } catch {
    return `${bytes} B`;
  }
}
