/**
 * What the library's entries left in the tag manager's data model. GTM merges every data-layer entry
 * into one model, so a key an entry leaves out keeps the value an earlier entry gave it: after a
 * logout the next page view would still hold the e-mail hash of the page before, a form event the
 * click target of the button click before it. So the first entry of each push names, as `undefined`
 * (GTM's way to unset a key), the keys set before that its push must not inherit: a page view those of
 * the page before and of its events, any other event those of the event before it. The page's own
 * keys stay for its events, as the tags of an event read them.
 */
import type { TrackedKind } from './deliveries';

type Entry = Record<string, unknown>;

/** The library's keys in the model; kept across a reset and by a tracker installed in place of this one. */
export interface DataLayerModel {
  /** Keys the current page's page-view entries set. */
  page: Set<string>;
  /** Keys the last event's entries set beyond the page's (a list: it is replaced at every push, and only read in full). */
  event: string[];
}

export const dataLayerModel = (): DataLayerModel => ({ page: new Set(), event: [] });

/** Keys the model handles on its own: the event name, the callback pair, and `ecommerce` (cleared by `{ ecommerce: null }`). */
const OWN_KEYS: ReadonlySet<string> = new Set(['event', 'eventCallback', 'eventTimeout', 'ecommerce']);

/**
 * Adds to the first of one push's `entries` every key an earlier push set that this push does not
 * set, as `undefined`, and records the push's keys. Page data (`InitialPageData`) starts a new page.
 */
export function unsetInherited(model: DataLayerModel, kind: TrackedKind, entries: readonly Entry[]): void {
  const first = entries[0];
  if (first === undefined) return;
  const pageView = kind === 'InitialPageData';
  const { page } = model;
  const set: string[] = [];
  for (const entry of entries) {
    for (const key of Object.keys(entry)) if (!OWN_KEYS.has(key) && (pageView || !page.has(key))) set.push(key);
  }
  // Read before `first` gains its unset keys: they are not this push's.
  for (const key of model.event) if (!Object.hasOwn(first, key)) first[key] = undefined;
  if (pageView) {
    for (const key of page) if (!Object.hasOwn(first, key)) first[key] = undefined;
    model.page = new Set(set);
    model.event = [];
  } else {
    model.event = set;
  }
}

/** A model handed over by another tracker (maybe another copy of the library): used only when it has this shape. */
export const isDataLayerModel = (value: unknown): value is DataLayerModel =>
  typeof value === 'object' && value !== null && (value as DataLayerModel).page instanceof Set && Array.isArray((value as DataLayerModel).event);
