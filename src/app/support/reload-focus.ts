/**
 * The text field the visitor was in when the page reloaded itself (a chunk that failed, a new build),
 * focused again on the reloaded page once its watch starts: the keys typed next go on in it, not
 * nowhere. Kept in sessionStorage for this address only, and read once.
 */
export const FOCUS_KEY = 'support:reload-focus';
/** How often, and how far apart, the caret waits for the restored text (3 s in all). */
const CARET_TRIES = 30;
const CARET_RETRY_MS = 100;

interface KeptFocus {
  readonly address: string;
  readonly id: string;
  /** The caret (or selection) and the field's scroll, given back when the field holds the same text. */
  readonly start?: number;
  readonly end?: number;
  readonly length?: number;
  readonly scrollTop?: number;
}

/** A field with a caret (a text input, a textarea; an e-mail input has none to read). */
const withCaret = (field: Element): field is HTMLInputElement | HTMLTextAreaElement =>
  (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && typeof field.selectionStart === 'number';

const addressOf = (doc: Document): string => `${doc.location.pathname}${doc.location.search}`;

/** Notes the field with the focus, if it is one typed into and has an id, before the page reloads itself. */
export function keepFocusForReload(storage: () => Storage, doc: Document, typedInto: (element: Element | null) => boolean): void {
  try {
    const field = doc.activeElement;
    if (!typedInto(field) || !field?.id) return;
    const caret = withCaret(field)
      ? { start: field.selectionStart ?? undefined, end: field.selectionEnd ?? undefined, length: field.value.length, scrollTop: field.scrollTop }
      : {};
    storage().setItem(FOCUS_KEY, JSON.stringify({ address: addressOf(doc), id: field.id, ...caret } satisfies KeptFocus));
  } catch {
    // Without sessionStorage the reloaded page starts without a focus, as before.
  }
}

/** Forgets a noted field (the reload did not happen). */
export function forgetKeptFocus(storage: () => Storage): void {
  try {
    storage().removeItem(FOCUS_KEY);
  } catch {
    // nothing kept
  }
}

/** Focuses the field noted before this page's reload, when nothing else has the focus yet. */
export function focusKeptField(storage: () => Storage, doc: Document): void {
  let kept: Partial<KeptFocus> | undefined;
  try {
    const raw = storage().getItem(FOCUS_KEY);
    if (raw === null) return;
    storage().removeItem(FOCUS_KEY);
    kept = JSON.parse(raw) as Partial<KeptFocus>;
  } catch {
    return;
  }
  if (kept?.address !== addressOf(doc) || typeof kept.id !== 'string') return;
  if (doc.activeElement !== null && doc.activeElement !== doc.body) return;
  const field = doc.getElementById(kept.id);
  if (!(field instanceof HTMLElement)) return;
  field.focus({ preventScroll: true });
  const { start, end, length, scrollTop } = kept;
  if (!withCaret(field) || typeof start !== 'number' || typeof end !== 'number') return;
  // The caret where the visitor was typing (the restored value put it at the end), once the draft has
  // given the field its text back (it may come after this): looked for a few times, then left.
  let tries = CARET_TRIES;
  const giveBack = (): void => {
    if (doc.activeElement !== field) return;
    if (field.value.length !== length) {
      if ((tries -= 1) > 0) doc.defaultView?.setTimeout(giveBack, CARET_RETRY_MS);
      return;
    }
    try {
      field.setSelectionRange(start, end);
      if (typeof scrollTop === 'number') field.scrollTop = scrollTop;
    } catch {
      // A field that takes no selection keeps the caret at its end.
    }
  };
  giveBack();
}
