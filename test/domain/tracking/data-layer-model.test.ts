import fc from 'fast-check';
import { groupsFromActiveGroupsList, NO_GROUPS } from '../../../src/domain/tracking/consent-groups';
import type { TrackedEvent } from '../../../src/domain/tracking/deliveries';
import { createTrackingPipeline } from '../../../src/domain/tracking/pipeline';
import { dataLayerModel, recordEntered, unsetInherited, type DataLayerModel } from '../../../src/domain/tracking/data-layer-model';
import { pageFactsAt } from './page-facts-fixture';
import { emptyPlaces, isRecord, mergeInto } from './tag-manager-merge';

/** What a value holds for a tag reading it: without the fields that are unset (`undefined`); a list's empty places count (a tag counting the list counts them). */
function held(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(held);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === undefined ? [] : [[key, held(item)]])));
}

/**
 * GTM's data model as Google's data-layer-helper builds it: each entry's keys are merged into one
 * object (objects and lists within them too), a key set to `undefined` is unset, a key left out keeps its value.
 */
class TagManagerModel {
  readonly values: Record<string, unknown> = {};
  /** Which push (by its number) gave each key its value. */
  readonly from: Record<string, number> = {};
  /** Takes an entry as the library's data-layer destination hands it over (with what it unsets). */
  take(model: DataLayerModel, entry: Record<string, unknown>, push: number, refuses = false): void {
    // The data-layer destination clears the e-commerce object before each e-commerce entry.
    if (entry.ecommerce !== undefined) this.merge({ ecommerce: null }, push);
    // So does it, before a page view, the keys whose objects and lists would merge into an earlier one's.
    const clearing = unsetInherited(model, entry, push + 1);
    if (clearing) this.merge(clearing, push);
    if (refuses) return;
    this.merge(entry, push);
    recordEntered(model, entry, push + 1);
  }
  merge(entry: Record<string, unknown>, push: number): void {
    mergeInto(this.values, entry);
    for (const key of Object.keys(entry)) this.from[key] = push;
  }
  /** The keys that hold a value, other than the ones every entry sets itself. */
  held(): string[] {
    // `null` holds nothing either: the clearing `{ ecommerce: null }` goes before an e-commerce entry the page may then refuse.
    return Object.keys(this.values).filter((key) => this.values[key] != null && !['event', 'eventCallback', 'eventTimeout'].includes(key));
  }
}

const granted = groupsFromActiveGroupsList(',C0001,C0003,C0004,') ?? NO_GROUPS;
const pipeline = () =>
  createTrackingPipeline({ facts: pageFactsAt('/kaffee'), enabled: { gtm: true, exactag: false, ttruth: false }, groups: granted, log: () => undefined });

const loggedIn = { tracking: { loginStatus: 'LOGGED_IN' }, customer: { email: { sha256: 'abc' }, identifiers: { partnerGuid: 'G-1' }, age: 41 } };
const loggedOut = { tracking: { loginStatus: 'LOGGED_OUT' } };
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
/** The customer's scores by area (x1..x3), some areas and fields absent. */
const probabilities = fc.dictionary(
  fc.constantFrom('coffee', 'cafissimo', 'mobil'),
  fc.dictionary(fc.constantFrom('x1', 'x2', 'x3'), fc.integer({ min: 1, max: 9 }).map((n) => n / 10), { maxKeys: 3 }),
  { maxKeys: 3 },
);
const abTests = fc.array(fc.record({ name: fc.constantFrom('hero', 'basket', 'search'), group: optional(fc.constantFrom('A', 'B')) }), { maxLength: 3 });

const pageEvent = fc
  .record({
    page_type: fc.constantFrom('content', 'search', 'category'),
    number_of_product_results: optional(fc.integer({ min: 0, max: 50 })),
    internal_search_campaign: optional(fc.constantFrom('xmas', 'summer')),
    ab_tests: optional(abTests),
    login: fc.boolean(),
    scores: probabilities,
  })
  .map(({ login, scores, ...fields }): TrackedEvent => {
    const customer = login ? loggedIn : loggedOut;
    return {
      kind: 'InitialPageData',
      data: { page_name: 'p', exactag_site_group: 'Content', ...JSON.parse(JSON.stringify(fields)) },
      customerData: { ...customer, tracking: { ...customer.tracking, conversionProbability: scores } },
    };
  });
const ga4Event = fc
  .record({
    event_name: fc.constantFrom('button_click', 'form_interaction'),
    click_target: optional(fc.constantFrom('buy', 'close')),
    response_type: optional(fc.constantFrom('error', 'success')),
    interaction: optional(fc.constantFrom('focus', 'blur')),
  })
  .map((fields): TrackedEvent => ({ kind: 'CustomEventData', data: { event_type: 'ga4_event', ...JSON.parse(JSON.stringify(fields)) } }));
const legacyEvent = fc
  .record({ event_category: fc.constantFrom('navigation', 'faq'), event_action: fc.constantFrom('click', 'search'), event_label: optional(fc.constantFrom('logo', 'x')) })
  .map((fields): TrackedEvent => ({ kind: 'CustomEventData', data: JSON.parse(JSON.stringify(fields)) }));
const ecommerceEvent = fc
  .record({
    event: fc.constantFrom('add_to_cart', 'add_to_wishlist', 'view_item'),
    items: fc.array(fc.record({ item_id: fc.constantFrom('a', 'b', 'c'), price: optional(fc.constantFrom(1, 2.5)) }), { minLength: 1, maxLength: 3 }),
  })
  .map(({ event, items }): TrackedEvent => ({ kind: 'EcommerceEventData', data: { event, ecommerce: { currency: 'EUR', items: JSON.parse(JSON.stringify(items)) } } }));
const pushes = fc
  .tuple(pageEvent, fc.array(fc.oneof(pageEvent, ga4Event, legacyEvent, ecommerceEvent), { maxLength: 12 }))
  .map(([first, rest]) => [first, ...rest]);

/** What becomes of an entry: it reaches the data layer, the page's own push refuses it, or it never comes (held for consent, then dropped by a reset). */
type Fate = 'taken' | 'refused' | 'dropped';
const fates = fc.array(fc.constantFrom<Fate>('taken', 'taken', 'taken', 'refused', 'dropped'), { minLength: 40, maxLength: 40 });

/**
 * Runs the pushes through a pipeline and GTM's model, the n-th data-layer entry meeting `fate(n)`;
 * calls `check` at every entry taken with the push numbers of the current page view and the entry's push.
 */
function run(
  events: TrackedEvent[],
  check: (model: TagManagerModel, page: number, push: number, entry: Record<string, unknown>) => void,
  fate: (n: number) => Fate = () => 'taken',
): void {
  const model = dataLayerModel();
  const routed = pipeline();
  const gtm = new TagManagerModel();
  let page = -1;
  let n = 0;
  events.forEach((event, push) => {
    const outcome = routed.push({ ...event, ticket: push + 1 });
    if (!outcome.ok) throw new Error(outcome.error);
    for (const delivery of outcome.deliveries) {
      if (delivery.destination !== 'dataLayer') continue;
      const entry = delivery.payload as Record<string, unknown>;
      const what = fate(n++);
      if (what === 'dropped') continue;
      gtm.take(model, entry, push, what === 'refused');
      if (what === 'refused') continue;
      if (event.kind === 'InitialPageData') page = push;
      check(gtm, page, push, entry);
    }
  });
}

describe("the tag manager's data model at each of the library's entries", () => {
  it('holds no value of an earlier page or event also when entries were refused by the page or never delivered: only what reached it counts', () => {
    fc.assert(
      fc.property(pushes, fates, (events, fate) => {
        run(
          events,
          (gtm, page, push) => {
            for (const key of gtm.held()) expect([page, push], `${key} from push ${gtm.from[key]}`).toContain(gtm.from[key]);
          },
          (n) => fate[n % fate.length] as Fate,
        );
      }),
    );
  });

  it('never holds a value from an event before, nor from a page before: only the current page view and the entry’s own push', () => {
    fc.assert(
      fc.property(pushes, (events) => {
        run(events, (gtm, page, push) => {
          for (const key of gtm.held()) expect([page, push], `${key} from push ${gtm.from[key]}`).toContain(gtm.from[key]);
        });
      }),
    );
  });

  it('keeps every value the entry itself carries, its lists without empty places, and the current page view’s values for its events', () => {
    fc.assert(
      fc.property(pushes, (events) => {
        let pageValues: Record<string, unknown> = {};
        let valuesOf = -1;
        run(events, (gtm, page, push, entry) => {
          // Nested values too: an object or list holds only what the entry's holds, nothing of an earlier one's.
          for (const key of Object.keys(entry)) if (entry[key] !== undefined) expect(held(gtm.values[key]), key).toStrictEqual(held(entry[key]));
          expect(emptyPlaces(gtm.values), 'empty places in lists').toBe(0);
          if (push === page && valuesOf !== page) [pageValues, valuesOf] = [{}, page];
          if (push === page) Object.assign(pageValues, JSON.parse(JSON.stringify(entry)));
          else for (const key of Object.keys(pageValues)) if (!(key in entry) && key !== 'event') expect(gtm.values[key]).toEqual(pageValues[key]);
        });
      }),
    );
  });

  it('after a logout (a reset, the same model handed on) the next page view unsets the e-mail hash, the partner id and the age', () => {
    const model = dataLayerModel();
    const gtm = new TagManagerModel();
    // Each session (a reset starts one) numbers its pushes afresh, and tells the model so.
    const view = (customerData: unknown) => {
      model.push = undefined;
      pipeline()
        .push({ kind: 'InitialPageData', data: { page_type: 'content', page_name: 'p', exactag_site_group: 'Content' }, customerData, ticket: 1 })
        .deliveries.forEach((delivery) => gtm.take(model, delivery.payload as Record<string, unknown>, 0));
    };
    view(loggedIn);
    expect(gtm.values).toMatchObject({ emailSha256: 'abc', partnerGuid: 'G-1', age: 41, login_status: 'LOGGED_IN' });
    view(loggedOut);
    expect(gtm.values).toMatchObject({ emailSha256: undefined, partnerGuid: undefined, age: undefined, login_status: 'LOGGED_OUT' });
  });

  it('an e-commerce event after a longer one holds its own items only: its lists are not padded to the earlier length', () => {
    const model = dataLayerModel();
    const gtm = new TagManagerModel();
    const routed = pipeline();
    const itemsOf = (entry: Record<string, unknown>) => {
      const ecommerce = entry.ecommerce as Record<string, unknown>;
      return (ecommerce.items ?? (ecommerce.add as Record<string, unknown>).products) as unknown[];
    };
    const lengths: number[][] = [];
    const events: TrackedEvent[] = [
      { kind: 'InitialPageData', data: { page_type: 'content', page_name: 'p', exactag_site_group: 'Content' }, customerData: loggedOut },
      { kind: 'EcommerceEventData', data: { event: 'add_to_cart', ecommerce: { items: [{ item_id: 'a' }, { item_id: 'b' }, { item_id: 'c' }] } } },
      { kind: 'EcommerceEventData', data: { event: 'add_to_cart', ecommerce: { items: [{ item_id: 'd' }] } } },
    ];
    events.forEach((event, push) => {
      for (const delivery of routed.push({ ...event, ticket: push + 1 }).deliveries) {
        if (delivery.destination !== 'dataLayer') continue;
        const entry = delivery.payload as Record<string, unknown>;
        gtm.take(model, entry, push);
        if (push === 2) lengths.push([itemsOf(entry).length, itemsOf(gtm.values).length]);
      }
    });
    // The legacy entry and the GA4 one, each as pushed and in the tag manager's model.
    expect(lengths).toEqual([
      [1, 1],
      [1, 1],
    ]);
  });

  it('after a reset the next customer\'s scores and the next page\'s A/B tests hold nothing of the ones before (GTM merges objects and lists)', () => {
    const model = dataLayerModel();
    const gtm = new TagManagerModel();
    const view = (abTests: unknown, conversionProbability: unknown) => {
      model.push = undefined;
      pipeline()
        .push({
          kind: 'InitialPageData',
          data: { page_type: 'content', page_name: 'p', exactag_site_group: 'Content', ab_tests: abTests },
          customerData: { tracking: { loginStatus: 'LOGGED_IN', conversionProbability } },
          ticket: 1,
        })
        .deliveries.forEach((delivery) => {
          gtm.take(model, delivery.payload as Record<string, unknown>, 0);
          // The legacy entry's tests are a list (the GA4 entry's, one text, replace it).
          if (delivery.payload.event === 'pageview') legacyTests = held(gtm.values.ab_tests);
        });
    };
    let legacyTests: unknown;
    view([{ name: 'hero', group: 'A' }, { name: 'basket', group: 'B' }], { coffee: { x1: 0.9, x2: 0.8 }, mobil: { x3: 0.6 } });
    view([{ name: 'search' }], { coffee: { x1: 0.1 } });
    expect(legacyTests).toStrictEqual([{ name: 'search' }]);
    expect(held(gtm.values.conversion_probability)).toStrictEqual({ coffee: { x1: 0.1 } });
  });
});
