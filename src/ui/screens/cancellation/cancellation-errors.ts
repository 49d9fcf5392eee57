import type { TextsApi } from '../../hooks/use-texts';
import { maxParams, type CancellationFormField } from './cancellation-values';

/**
 * The text of a field's error key: a key naming its field ('reason.required', 'email.invalid') is
 * looked up as it is, a generic one ('required', 'tooLong') under the field first; the cancellation
 * texts first, then the contact form's (the person fields' messages); else the generic 'invalid'.
 */
export function cancellationErrorText(texts: Pick<TextsApi, 't' | 'has'>, field: CancellationFormField, error: unknown): string | undefined {
  if (error === undefined || error === null) return undefined;
  const key = String(error);
  const keys = key.includes('.')
    ? [`cancellation.errors.${key}`, `contact.errors.${key}`]
    : [`cancellation.errors.${field}.${key}`, `contact.errors.${field}.${key}`, `contact.errors.${key}`];
  const found = keys.find((candidate) => texts.has(candidate)) ?? 'contact.errors.invalid';
  return texts.t(found, maxParams(field));
}
