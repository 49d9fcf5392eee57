import type { FilesError } from './contact-validation';
import { FIELD_ORDER, type ContactFormField } from './contact-values';
import type { ContactFormApi } from './use-contact-form';

const formFields: ReadonlySet<string> = new Set(FIELD_ORDER);

/**
 * Shows the server's message keys at their fields, the attachments' with the files it is about when
 * the server names them (`refusedAttachments`: their positions in `files`); false when none names a
 * field of the form. Part of the contact screen's later chunk: a server answers only a submit, which
 * waits for it.
 */
export function showServerErrors(
  form: ContactFormApi,
  errors: Readonly<Record<string, string>>,
  files: readonly File[],
  refusedAttachments: readonly number[] = [],
): boolean {
  const refused = refusedAttachments.flatMap((position) => files[position] ?? []);
  const shown = Object.entries(errors).filter(([field]) => formFields.has(field) && form.getFieldInfo(field as ContactFormField)?.instance);
  for (const [field, key] of shown) {
    const error: string | FilesError = field === 'attachments' && refused.length > 0 ? { key, files: refused } : key;
    form.setFieldMeta(field as ContactFormField, (meta) => ({
      ...meta,
      isTouched: true,
      errorMap: { ...meta.errorMap, onServer: error },
    }));
  }
  return shown.length > 0;
}
