import { freeTextLength } from '../../../domain/support/free-text';
import { useTexts } from '../../hooks/use-texts';
import { fieldIds } from './field-frame';

/** From this share of the limit on, the count shows: a short text needs none. */
const SHOWN_FROM = 0.9;

/** Whether a text of `length` is near enough its limit (or over it) for the count to show. */
const shownAt = (length: number, max: number): boolean => length >= max * SHOWN_FROM;

/** Whether a text is near enough its limit (or over it) for the count to show. */
export const countShown = (value: string, max: number): boolean => shownAt(freeTextLength(value), max);

/**
 * How many characters a long text has left near its limit, or how many it is over (GOV.UK's character
 * count): a shopper pasting a long letter learns how much to cut while typing, not only at the error
 * when leaving the field. A polite live region, there from the start, so screen readers hear it change.
 * Counted as the rule counts (`freeTextLength`: code points, trimmed, controls left out).
 */
export function CharacterCount({ id, value, max }: { readonly id: string; readonly value: string; readonly max: number }) {
  const { t, numberLocale } = useTexts();
  const length = freeTextLength(value);
  const count = Math.abs(max - length).toLocaleString(numberLocale);
  return (
    <p className={length > max ? 'field-count field-count--over' : 'field-count'} id={fieldIds(id).count} aria-live="polite">
      {shownAt(length, max) ? t(length > max ? 'contact.characterCount.over' : 'contact.characterCount.left', { count }) : null}
    </p>
  );
}
