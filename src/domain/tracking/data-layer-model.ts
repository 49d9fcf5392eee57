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
 * entries before it set keeps what only the earlier value had (another customer's
 * `conversion_probability` areas, an A/B test's group, the tail of a longer list) unless the page
 * view names it, as `undefined`.
 */
import { isRecord } from './mapping/clean';
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

/**
 * `value` with, as `undefined`, what `earlier` held within it that it does not: the fields of an
 * object, recursively, and the places of a list beyond its own. The same value when there are none.
 */
const withoutRest = (value: unknown, earlier: unknown): unknown => {
  if (Array.isArray(value) && Array.isArray(earlier)) {
    let list: unknown[] | undefined;
    earlier.forEach((item, i) => {
      const next = i < value.length ? withoutRest(value[i], item) : undefined;
      if (next !== value[i] || i >= value.length) (list ??= [...value])[i] = next;
    });
    return list ?? value;
  }
  if (!isRecord(value) || !isRecord(earlier)) return value;
  let record: Entry | undefined;
  for (const key in earlier) {
    if (!Object.hasOwn(earlier, key) || earlier[key] === undefined) continue;
    const own = Object.hasOwn(value, key);
    const next = own ? withoutRest(value[key], earlier[key]) : undefined;
    if (!own || next !== value[key]) (record ??= { ...value })[key] = next;
  }
  return record ?? value;
};

/**
 * Adds to `entry`, as `undefined`, the keys `earlier` set that it does not set and `kept` did not set;
 * with `nested` (a page view), also the fields within a key both set. Never within `ecommerce`: the
 * `{ ecommerce: null }` before each e-commerce entry clears it (an event's list padded to the last
 * one's length gave tags holes).
 */
const unsetFrom = (entry: Entry, earlier: readonly Entry[], kept: readonly Entry[], nested = false): void => {
  for (const before of earlier) {
    // The earlier entries are read when they are left, not copied when they come: one walk per entry,
    // asking first what is cheapest and most often decides (most keys come again in the next entry).
    for (const key in before) {
      if (!Object.hasOwn(entry, key)) {
        if (setBy(before, key) && !setByAny(kept, key)) entry[key] = undefined;
      } else if (nested && typeof entry[key] === 'object' && entry[key] !== null && key !== 'ecommerce' && setBy(before, key)) {
        entry[key] = withoutRest(entry[key], before[key]);
      }
    }
  }
};

/**
 * Right before an entry of push `push` goes to the data layer: when it is the first of its push to get
 * there, adds every key an earlier push set that it does not set, as `undefined`.
 */
export function unsetInherited(model: DataLayerModel, entry: Entry, push: number): void {
  if (push === model.push) return;
  if (isPageView(entry)) {
    unsetFrom(entry, model.event, [], true);
    unsetFrom(entry, model.page, [], true);
  } else {
    unsetFrom(entry, model.event, model.page);
  }
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
