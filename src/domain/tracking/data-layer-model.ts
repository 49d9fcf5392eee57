/**
 * What the library's entries left in the tag manager's data model. GTM merges every data-layer entry
 * into one model, so a key an entry leaves out keeps the value an earlier entry gave it: after a
 * logout the next page view would still hold the e-mail hash of the page before, a form event the
 * click target of the button click before it. So the first entry of each push that reaches the data
 * layer names, as `undefined` (GTM's way to unset a key), the keys set before that its push must not
 * inherit: a page view those of the page before and of its events, any other event those of the event
 * before it. The page's own keys stay for its events, as the tags of an event read them. The model
 * counts only what reached the data layer: an entry held for consent and dropped by a reset, or
 * refused by the page's own push, unset nothing.
 */
import type { TrackedKind } from './deliveries';

type Entry = Record<string, unknown>;

/** The keys one push's entries set, and whether one of them has reached the data layer. */
interface PushKeys {
  readonly pageView: boolean;
  readonly keys: readonly string[];
  entered: boolean;
}

/** The library's keys in the model; kept across a reset and by a tracker installed in place of this one. */
export interface DataLayerModel {
  /** Keys the current page's page-view entries set. */
  page: Set<string>;
  /** Keys the last event's entries set beyond the page's (a list: it is replaced at every push, and only read in full). */
  event: readonly string[];
  /** The push each routed entry belongs to. */
  readonly pushes: WeakMap<object, PushKeys>;
}

export const dataLayerModel = (): DataLayerModel => ({ page: new Set(), event: [], pushes: new WeakMap() });

/** Keys every entry sets for itself: the event name and the callback pair. */
const OWN_KEYS: ReadonlySet<string> = new Set(['event', 'eventCallback', 'eventTimeout']);

/** At routing: notes the push `entries` belong to and the keys it sets. Page data (`InitialPageData`) starts a new page. */
export function notePush(model: DataLayerModel, kind: TrackedKind, entries: readonly Entry[]): void {
  if (entries.length === 0) return;
  const keys: string[] = [];
  for (const entry of entries) for (const key of Object.keys(entry)) if (!OWN_KEYS.has(key)) keys.push(key);
  const push: PushKeys = { pageView: kind === 'InitialPageData', keys, entered: false };
  for (const entry of entries) model.pushes.set(entry, push);
}

/**
 * Right before `entry` goes to the data layer: when it is the first of its push to get there, adds
 * every key an earlier push set that it does not set, as `undefined`. Returns what to call once the
 * data layer took it (nothing to call for an entry that was not routed, or not the push's first).
 */
export function unsetInherited(model: DataLayerModel, entry: Entry): (() => void) | undefined {
  const push = model.pushes.get(entry);
  if (push === undefined || push.entered) return undefined;
  for (const key of model.event) if (!Object.hasOwn(entry, key)) entry[key] = undefined;
  if (push.pageView) for (const key of model.page) if (!Object.hasOwn(entry, key)) entry[key] = undefined;
  return () => {
    push.entered = true;
    if (push.pageView) {
      model.page = new Set(push.keys);
      model.event = [];
    } else {
      const { page } = model;
      model.event = push.keys.filter((key) => !page.has(key));
    }
  };
}

/** A model handed over by another tracker (maybe another copy of the library): used only when it has this shape. */
export const isDataLayerModel = (value: unknown): value is DataLayerModel =>
  typeof value === 'object' &&
  value !== null &&
  (value as DataLayerModel).page instanceof Set &&
  Array.isArray((value as DataLayerModel).event) &&
  (value as DataLayerModel).pushes instanceof WeakMap;
