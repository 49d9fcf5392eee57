/**
 * The text field the visitor was in when the page reloaded itself (a chunk that failed, a new build),
 * focused again on the reloaded page once its watch starts: the keys typed next go on in it, not
 * nowhere. Kept in sessionStorage for this address only, and read once.
 */
const FOCUS_KEY = 'support:reload-focus';

interface KeptFocus {
  readonly address: string;
  readonly id: string;
}

const addressOf = (doc: Document): string => `${doc.location.pathname}${doc.location.search}`;

/** Notes the field with the focus, if it is one typed into and has an id, before the page reloads itself. */
export function keepFocusForReload(storage: () => Storage, doc: Document, typedInto: (element: Element | null) => boolean): void {
  try {
    const field = doc.activeElement;
    if (!typedInto(field) || !field?.id) return;
    storage().setItem(FOCUS_KEY, JSON.stringify({ address: addressOf(doc), id: field.id } satisfies KeptFocus));
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
  if (field instanceof HTMLElement) field.focus({ preventScroll: true });
}
