import { FIELD_ORDER, type ContactFormField } from './contact-values';

const formFields: ReadonlySet<string> = new Set(FIELD_ORDER);

/** A field's metadata, as far as the server's errors change it. */
interface ErrorMeta {
  readonly isTouched: boolean;
  readonly errorMap: Readonly<Record<string, unknown>>;
}

/**
 * What of the contact form's API (TanStack Form's) the server's errors need; named here rather than
 * imported, so this module of the later chunk depends on no module of the first script's that loads it.
 */
export interface ServerErrorsForm {
  getFieldInfo(field: ContactFormField): { readonly instance?: unknown } | undefined;
  setFieldMeta(field: ContactFormField, updater: <M extends ErrorMeta>(meta: M) => M): void;
}

/**
 * Shows the server's message keys at their fields, the attachments' with the files it is about when
 * the server names them (`refusedAttachments`: their positions in `files`, as a `FilesError` of
 * ./contact-validation); false when none names a field of the form. Part of the contact screen's later
 * chunk: a server answers only a submit, which waits for it.
 */
export function showServerErrors(
  form: ServerErrorsForm,
  errors: Readonly<Record<string, string>>,
  files: readonly File[],
  refusedAttachments: readonly number[] = [],
): boolean {
  const refused = refusedAttachments.flatMap((position) => files[position] ?? []);
  const shown = Object.entries(errors).filter(([field]) => formFields.has(field) && form.getFieldInfo(field as ContactFormField)?.instance);
  for (const [field, key] of shown) {
    const error = field === 'attachments' && refused.length > 0 ? { key, files: refused } : key;
    form.setFieldMeta(field as ContactFormField, (meta) => ({
      ...meta,
      isTouched: true,
      errorMap: { ...meta.errorMap, onServer: error },
    }));
  }
  return shown.length > 0;
}
