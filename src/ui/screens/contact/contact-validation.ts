import { defaultValidationLogic, type ValidationLogicFn } from '@tanstack/react-form';
import { CONTACT_MESSAGE_KEYS, type ContactMessageKey } from '../../../domain/support/contact-fields';
import type { SiteCode } from '../../../domain/support/sites';
import { loadContactRules, loadedContactRules } from './contact-rules';
import { contactInput, limitParams, type ContactFormField, type ContactFormValues } from './contact-values';
import { shownFileName } from './file-name';

/**
 * When the `onDynamic` validators of the text fields run: on blur, on submit, and on change only while
 * the field shows an error (to update or remove it). Before the first blur nothing is validated while
 * typing. Their errors share one slot, so a change that fixes a field also removes the error its blur
 * showed. Other validators (select, checkbox, files: `onChange`) run on every change and at the blur
 * as well; a blur keeps the server's error: only a change of the value answers it.
 */
export const blurThenChangeLogic: ValidationLogicFn = (props) => {
  const { event, form, validators } = props;
  const dynamic = event.async ? validators?.onDynamicAsync : validators?.onDynamic;
  const shown = event.fieldName !== undefined && (form.getFieldMeta(event.fieldName)?.errors.length ?? 0) > 0;
  const runs = dynamic !== undefined && (event.type === 'blur' || event.type === 'submit' || (event.type === 'change' && shown));
  // Spec §5: validation runs on blur too. An `onChange` rule (select, checkbox, files) also runs at the
  // blur, into the same slot, so a later change never leaves a stale blur error behind.
  const change = validators?.[event.async ? 'onChangeAsync' : 'onChange'];
  // The logic's return value is the validator list TanStack runs (its type says void).
  return defaultValidationLogic({
    ...props,
    runValidation: (run) =>
      props.runValidation({
        ...run,
        validators: [
          ...(event.type === 'blur'
            ? [...run.validators.filter((validator) => validator?.cause !== 'server'), { fn: change, cause: 'change' as const }]
            : run.validators),
          ...(runs ? [{ fn: dynamic, cause: 'dynamic' as const }] : []),
        ],
      }),
  });
};

interface RuleInput<V> {
  readonly value: V;
  readonly fieldApi: {
    readonly form: { readonly state: { readonly values: ContactFormValues } };
    readonly validate: (cause: 'blur' | 'change') => unknown;
  };
}

/**
 * A field's validator: the domain's contact rules over all the form's values, for this field. Before
 * the rules have loaded it finds nothing and validates the field again once they have, as a blur (the
 * text fields' rules) and as a change (the select's, the checkbox's and the files' rules).
 */
export const contactRule =
  <F extends ContactFormField>(site: SiteCode, field: F) =>
  ({ value, fieldApi }: RuleInput<ContactFormValues[F]>): ContactMessageKey | undefined => {
    const rules = loadedContactRules();
    if (!rules) {
      loadContactRules().then(
        () => {
          fieldApi.validate('blur');
          fieldApi.validate('change');
        },
        () => undefined,
      );
      return undefined;
    }
    return rules.validateContactField(site, field, contactInput(site, { ...fieldApi.form.state.values, [field]: value }));
  };

const KNOWN_KEYS: ReadonlySet<string> = new Set(CONTACT_MESSAGE_KEYS);

/** The text key of an error: the domain's (or the server's) message key, else the generic 'invalid'. */
export const errorTextKey = (key: unknown): string =>
  `contact.errors.${KNOWN_KEYS.has(key as string) ? (key as string) : 'invalid'}`;

/** A server error about some of the chosen files (the attachments field): its message key and those files. */
export interface FilesError {
  readonly key: string;
  readonly files: readonly File[];
}

export const isFilesError = (error: unknown): error is FilesError =>
  error !== null && typeof error === 'object' && Array.isArray((error as { files?: unknown }).files);

type Translate = (key: string, params?: Record<string, string | number>) => string;

/**
 * A file's name and why it is refused, joined by the site's `contact.attachments.refused` or
 * `fileError` text ('„x.exe“ wurde nicht hinzugefügt: <reason>'). After that colon the reason starts in
 * lower case where the language's `contact.attachments.reasonCase` says 'lower' (French, Polish,
 * Czech, Slovak, Hungarian), lower-cased with the texts' `language`; German and Turkish keep the
 * capital of the sentence. A first word in capitals (an abbreviation: 'PDF') stays as it is.
 */
export function fileReason(t: Translate, language: string, join: 'refused' | 'fileError', name: string, reason: string): string {
  const [first = '', second = ''] = reason;
  if (t('contact.attachments.reasonCase') === 'lower' && second === second.toLocaleLowerCase(language)) {
    reason = first.toLocaleLowerCase(language) + reason.slice(first.length);
  }
  return t(`contact.attachments.${join}`, { name, reason });
}

/**
 * The text of a field's first error, or `undefined` when it has none. An error about some files names
 * each of them before the message ('„fake.pdf“: Bitte wählen Sie …'): with several files the shopper
 * learns which one to remove, in the summary too.
 */
export function errorText(t: Translate, language: string, field: ContactFormField, errors: readonly unknown[]): string | undefined {
  if (errors.length === 0) return undefined;
  const [error] = errors;
  if (!isFilesError(error)) return t(errorTextKey(error), limitParams(field));
  const reason = t(errorTextKey(error.key), limitParams(field));
  return error.files.map((file) => fileReason(t, language, 'fileError', shownFileName(file.name), reason)).join(' ');
}
