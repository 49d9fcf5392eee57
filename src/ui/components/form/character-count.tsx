import { useEffect, useState } from 'react';
import { freeTextLength } from '../../../domain/support/free-text';
import { useTexts } from '../../hooks/use-texts';
import { fieldIds } from './field-frame';

/** From this share of the limit on, the count shows: a short text needs none. */
const SHOWN_FROM = 0.9;

/** Whether a text of `length` is near enough its limit (or over it) for the count to show. */
const shownAt = (length: number, max: number): boolean => length >= max * SHOWN_FROM;

/** Whether a text is near enough its limit (or over it) for the count to show. */
export const countShown = (value: string, max: number): boolean => shownAt(freeTextLength(value), max);

/** How long the keys must rest before a screen reader hears the count (GOV.UK's character count waits too). */
const SPOKEN_AFTER_MS = 1000;

/**
 * How many characters a long text has left near its limit, or how many it is over (GOV.UK's character
 * count): a shopper pasting a long letter learns how much to cut while typing, not only at the error
 * when leaving the field. Shown at once; a polite live region, there from the start, says it once the
 * keys rest (said at every key, it spoke over the typing echo). The field's description reads the
 * shown count. Counted as the rule counts (`freeTextLength`: code points, trimmed, controls left out).
 */
export function CharacterCount({ id, value, max }: { readonly id: string; readonly value: string; readonly max: number }) {
  const { t } = useTexts();
  const length = freeTextLength(value);
  // A number: the texts write it in the page's number locale.
  const count = Math.abs(max - length);
  const text = shownAt(length, max) ? t(length > max ? 'contact.characterCount.over' : 'contact.characterCount.left', { count }) : null;
  const [spoken, setSpoken] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSpoken(text), SPOKEN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <>
      <p className={length > max ? 'field-count field-count--over' : 'field-count'} id={fieldIds(id).count} aria-hidden="true">
        {text}
      </p>
      <span className="visually-hidden" aria-live="polite">
        {spoken}
      </span>
    </>
  );
}
