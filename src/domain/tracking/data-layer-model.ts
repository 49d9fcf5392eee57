/**
 * What the library's entries left in the tag manager's data model. GTM merges every data-layer entry
 * into one model, so a key an entry leaves out keeps the value an earlier entry gave it: after a
 * logout the next page view would still hold the e-mail hash of the page before, a form event the
 * click target of the button click before it. So the first entry of each push that reaches the data
 * layer names, as `undefined` (GTM's way to unset a key), the keys set before that its push must not
 * inherit: a page view those of the page before and of its events, any other event those of the event
 * before it. The page's own keys stay for its events, as the tags of an event read them. The model
 * counts only what reached the data layer: an entry held for consent and dropped by a reset, or
 * refused by the page's own push, unsets nothing and is not recorded.
 * GTM merges objects and lists too, field by field and index by index: a key a page view and the
 * entries before it set would keep what only the earlier value had (another customer's
 * `conversion_probability` areas, an A/B test's group, the tail of a longer list), so such keys are
 * cleared by an entry of their own right before the page view.
 */
import { GA4_PAGEVIEW_EVENT } from './mapping/ga4-pageview';
import { UA_PAGEVIEW_EVENT } from './mapping/ua-pageview';

type Entry = Record<string, unknown>;

/** The library's entries in the model; kept across a reset and by a tracker installed in place of this one. */
export interface DataLayerModel {
  /** The current page's page-view entries the data layer took. */
  page: Entry[];
  /** The last event's entries the data layer took. */
  event: Entry[];
  /** The push (its ticket) whose entries reached the data layer last. */
  push: number | undefined;
}

export const dataLayerModel = (): DataLayerModel => ({ page: [], event: [], push: undefined });

const isPageView = (entry: Entry): boolean => entry.event === UA_PAGEVIEW_EVENT || entry.event === GA4_PAGEVIEW_EVENT;

/** A key the entry set (its own, with a value), other than the event name, the callback pair and what the tag manager adds (`gtm.*`). */
const setBy = (entry: Entry, key: string): boolean =>
  Object.hasOwn(entry, key) && entry[key] !== undefined && key !== 'event' && key !== 'eventCallback' && key !== 'eventTimeout' && !key.startsWith('gtm.');

const setByAny = (entries: readonly Entry[], key: string): boolean => {
  for (const entry of entries) if (setBy(entry, key)) return true;
  return false;
};

const isObjectLike = (value: unknown): boolean => typeof value === 'object' && value !== null;

/**
 * Adds to `entry`, as `undefined`, the keys `earlier` set that it does not set and `kept` did not set.
 */
const unsetFrom = (entry: Entry, earlier: readonly Entry[], kept: readonly Entry[]): void => {
  for (const before of earlier) {
    // The earlier entries are read when they are left, not copied when they come: one walk per entry,
    // asking first what is cheapest and most often decides (most keys come again in the next entry).
    for (const key in before) if (!Object.hasOwn(entry, key) && setBy(before, key) && !setByAny(kept, key)) entry[key] = undefined;
  }
};

/**
 * The keys of a page view whose value, an object or a list, the tag manager would merge into one an
 * earlier entry set (field by field, index by index), each as `null`: an entry of their own before the
 * page view clears them, as `{ ecommerce: null }` does before an e-commerce entry. Unset places within
 * the page view's own value would leave holes in its lists, which tags count.
 */
const mergedInto = (entry: Entry, earlier: readonly Entry[]): Entry | undefined => {
  let clearing: Entry | undefined;
  for (const key in entry) {
    if (!Object.hasOwn(entry, key) || key === 'ecommerce' || !isObjectLike(entry[key])) continue;
    if (earlier.some((before) => setBy(before, key) && isObjectLike(before[key]))) (clearing ??= {})[key] = null;
  }
  return clearing;
};

/**
 * Right before an entry of push `push` goes to the data layer: when it is the first of its push to get
 * there, adds every key an earlier push set that it does not set, as `undefined`. For a page view,
 * answers the clearing entry to push before it, if any (`mergedInto`).
 */
export function unsetInherited(model: DataLayerModel, entry: Entry, push: number): Entry | undefined {
  if (push === model.push) return undefined;
  if (!isPageView(entry)) {
    unsetFrom(entry, model.event, model.page);
    return undefined;
  }
  unsetFrom(entry, model.event, []);
  unsetFrom(entry, model.page, []);
  return mergedInto(entry, [...model.event, ...model.page]);
}

/** Once the data layer took an entry of push `push`: it is the page's (a page view) or the last event's. */
export function recordEntered(model: DataLayerModel, entry: Entry, push: number): void {
  const pageView = isPageView(entry);
  if (push !== model.push) {
    model.push = push;
    if (pageView) model.page = [];
    model.event = [];
  }
  (pageView ? model.page : model.event).push(entry);
}

/** A model handed over by another tracker (maybe another copy of the library): used only when it has this shape. */
export const isDataLayerModel = (value: unknown): value is DataLayerModel =>
  typeof value === 'object' && value !== null && Array.isArray((value as DataLayerModel).page) && Array.isArray((value as DataLayerModel).event);
