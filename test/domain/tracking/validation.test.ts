import fc from 'fast-check';
import type { LogLevel, LogSink } from '../../../src/domain/tracking/log-buffer';
import { isBlankText } from '../../../src/domain/tracking/mapping/clean';
import { toAppBridgePayload } from '../../../src/domain/tracking/mapping/app-bridge';
import { toGa4Ecommerce } from '../../../src/domain/tracking/mapping/ga4-ecommerce';
import { toGa4ItemList } from '../../../src/domain/tracking/mapping/ga4-item-list';
import { toGa4Pageview } from '../../../src/domain/tracking/mapping/ga4-pageview';
import { toUaEcommerce } from '../../../src/domain/tracking/mapping/ua-ecommerce';
import { toUaItemList } from '../../../src/domain/tracking/mapping/ua-item-list';
import { toUaPageview } from '../../../src/domain/tracking/mapping/ua-pageview';
import {
  ENTITY_KINDS,
  TRACKER_NAMES,
  checkRequiredParameters,
  isTrackerInScope,
  validateEntity,
} from '../../../src/domain/tracking/validation';

const CATEGORY_ACTION_TEXT =
  'To push a custom event the parameters event_category and event_action are required. At least on of them is absent.';
const QUICKBUY_TEXT =
  'The Properties quickbuy and webshop_style have to be passed as boolean or as "true" / "false". Random strings can not be processed.';

const oddValues = fc.anything({
  withNullPrototype: true,
  withBoxedValues: true,
  withBigInt: true,
  withMap: true,
  withSet: true,
  withObjectString: true,
  withSparseArray: true,
});

const recorder = () => {
  const entries: { level: LogLevel; message: string }[] = [];
  const log: LogSink = (level, message) => entries.push({ level, message });
  return { entries, log, messages: () => entries.map((e) => e.message) };
};

describe('validateEntity', () => {
  it('returns the parsed value for valid initial page data, keeping unknown keys and naming them', () => {
    const result = validateEntity('InitialPageData', { page_type: 'home', number_of_product_results: '12', custom: 1 });
    expect(result).toEqual({
      ok: true,
      value: { page_type: 'home', number_of_product_results: '12', custom: 1 },
      warnings: ['InitialPageData has fields the library does not know (custom): the data layer and the affiliate tracker leave them out.'],
    });
  });

  it('reports issues with their path and what the field needs, instead of throwing', () => {
    expect(validateEntity('CustomEventData', { event_category: 'c', event_action: ['a'] })).toEqual({ ok: false, issues: ['event_action must be a text or a number.'] });
    expect(validateEntity('InitialPageData', null).ok).toBe(false);
  });

  it('names at most 20 issues, so a list with a million holes is refused at once with a short text', () => {
    const items = Object.assign([{ item_id: '1' }], { length: 1_000_000 });
    const result = validateEntity('EcommerceEventData', { event: 'view_item', ecommerce: { items } });
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issues).toHaveLength(21);
    // The first twenty holes count as products the template dropped (left out, with warnings).
    expect(issues[0]).toBe('ecommerce.items.21 must be an object.');
    expect(issues.at(-1)).toBe('Further issues are not listed.');
  });

  it('says which required field is missing, and which e-commerce event names exist', () => {
    expect(validateEntity('CustomEventData', {})).toEqual({
      ok: false,
      issues: ['A custom event needs event_name (GA4 form), or event_category and event_action (legacy form).'],
    });
    expect(validateEntity('ProductSourceEventData', { webshop_product_id: '' })).toEqual({
      ok: false,
      issues: ['webshop_product_id is required.'],
    });
    expect(validateEntity('EcommerceEventData', { ecommerce: {} })).toEqual({ ok: false, issues: ['event is required.'] });
    expect(validateEntity('EcommerceEventData', { event: 'refund' })).toEqual({
      ok: false,
      issues: [
        'event must be one of view_item, add_to_cart, view_cart, begin_checkout, progress_checkout, reverse_checkout, purchase, purchase_ga4, view_wishlist, add_to_wishlist, remove_from_wishlist.',
      ],
    });
    expect(validateEntity('EcommerceEventData', { event: 'view_cart', ecommerce: { items: { item_id: '1' } } })).toEqual({
      ok: true,
      value: { event: 'view_cart', ecommerce: {} },
      warnings: ['The value of ecommerce.items is not a valid list and is treated as absent.'],
    });
    expect(validateEntity('EcommerceEventData', { event: 'purchase', ecommerce: { items: ['1'] } })).toEqual({
      ok: false,
      issues: ['ecommerce.items.0 must be an object.'],
    });
    // A product the shop's template rendered as null does not cost the order: it is left out, keeping its place.
    expect(validateEntity('EcommerceEventData', { event: 'purchase', ecommerce: { items: [{ item_id: '1' }, null, { item_id: '3' }] } })).toEqual({
      ok: true,
      value: { event: 'purchase', ecommerce: { items: [{ item_id: '1' }, {}, { item_id: '3' }] } },
      warnings: ['The value of ecommerce.items.1 is not a valid object and is treated as absent.'],
    });
    // So does a missing entry of an item list: the products after it keep their positions.
    expect(validateEntity('ItemListData', { items: [{ item_id: '1' }, null, '3'] })).toEqual({
      ok: true,
      value: { items: [{ item_id: '1' }, {}, '3'] },
      warnings: ['The value of items.1 is not a valid product id and is treated as absent.'],
    });
    expect(validateEntity('ItemListData', { items: [{ item_id: {} }] })).toEqual({
      ok: false,
      issues: ['items.0 must be a product id or an object with an item_id.'],
    });
  });

  it('rejects page data that is not an object with a message saying so', () => {
    for (const input of [undefined, null, 'home', 3, ['page_type']]) {
      expect(validateEntity('InitialPageData', input)).toEqual({ ok: false, issues: ['Page data must be an object.'] });
    }
    expect(validateEntity('LeadData', 'lead')).toEqual({ ok: false, issues: ['LeadData must be an object.'] });
  });

  it('refuses an e-commerce event written the gtag way (items and value beside event), saying where they belong', () => {
    const gtag = { event: 'add_to_cart', currency: 'EUR', value: 5.99, items: [{ item_id: '123456789', price: 5.99 }] };
    expect(validateEntity('EcommerceEventData', gtag)).toEqual({
      ok: false,
      issues: ["The e-commerce data (items, value, currency, transaction_id) belongs in the event's ecommerce object, not beside event."],
    });
    const { event, ...ecommerce } = gtag;
    expect(validateEntity('EcommerceEventData', { event, ecommerce }).ok).toBe(true);
    expect(validateEntity('EcommerceEventData', { event: 'view_cart' }).ok).toBe(true);
  });

  it('refuses an e-commerce event in the Universal Analytics form, naming the form and where the data belongs', () => {
    const ua = {
      event: 'purchase_ga4',
      ecommerce: { currencyCode: 'EUR', purchase: { actionField: { id: 'T-77', revenue: '49,90' }, products: [{ id: '123456', price: '12,99' }] } },
    };
    const text = (keys: string) =>
      `The e-commerce data is in the Universal Analytics form (${keys}); the library takes the GA4 form: items, value, currency and transaction_id in the event's ecommerce object.`;
    expect(validateEntity('EcommerceEventData', ua)).toEqual({ ok: false, issues: [text('ecommerce.currencyCode, ecommerce.purchase')] });
    expect(validateEntity('EcommerceEventData', { event: 'add_to_cart', ecommerce: { add: { products: [{ id: '1' }] } } })).toEqual({
      ok: false,
      issues: [text('ecommerce.add')],
    });
    // A GA4 event that also carries a stray key of the old form is the GA4 form: it goes, with the usual warning.
    const mixed = validateEntity('EcommerceEventData', { event: 'view_item', ecommerce: { currencyCode: 'EUR', items: [{ item_id: '1' }] } });
    expect(mixed.ok).toBe(true);
  });

  it('refuses a purchase that carries no e-commerce data (it would count a 0 € order without id), and takes one that does', () => {
    const text = 'A purchase needs its e-commerce data (ecommerce.transaction_id, value, currency, items): nothing is sent.';
    for (const event of ['purchase', 'purchase_ga4']) {
      // Blank, invisible or empty values are no data either: a phantom order all the same.
      const blank = [{ transaction_id: ' ' }, { transaction_id: '\u200b' }, { currency: '  ' }, { items: [null] }, { items: [{}] }, { value: null, items: null }];
      for (const ecommerce of [undefined, null, [], 'x', 5, {}, { items: [] }, { value: '' }, ...blank]) {
        const input = ecommerce === undefined ? { event } : { event, ecommerce };
        expect(validateEntity('EcommerceEventData', input)).toEqual({ ok: false, issues: [text] });
      }
      expect(validateEntity('EcommerceEventData', { event, ecommerce: { transaction_id: 'T-1' } }).ok).toBe(true);
      expect(validateEntity('EcommerceEventData', { event, ecommerce: { items: [{ item_id: '1' }] } }).ok).toBe(true);
    }
    // Other events may be empty: an empty basket or wish list is still viewed.
    expect(validateEntity('EcommerceEventData', { event: 'view_wishlist', ecommerce: { items: [] } }).ok).toBe(true);
  });

  it('validates a legacy custom event and reports the spec text when category or action is absent', () => {
    expect(validateEntity('CustomEventData', { event_category: 'form', event_action: 'submit' }).ok).toBe(true);
    expect(validateEntity('CustomEventData', { event_category: 'form' })).toEqual({ ok: false, issues: [CATEGORY_ACTION_TEXT] });
  });

  it("warns when a GA4 custom event's event_type is not 'ga4_event', for every destination (the app's too), and takes the event", () => {
    expect(validateEntity('CustomEventData', { event_type: 'ua_event', event_name: 'login' })).toEqual({
      ok: true,
      value: { event_type: 'ua_event', event_name: 'login' },
      warnings: ['event_type has to be "ga4_event" but was "ua_event".'],
    });
    expect(validateEntity('CustomEventData', { event_type: 'ga4_event', event_name: 'login' })).not.toHaveProperty('warnings');
    expect(validateEntity('CustomEventData', { event_name: 'login' })).not.toHaveProperty('warnings');
  });

  it('counts a blank category or action as absent, and names a present value of the wrong type as such', () => {
    expect(validateEntity('CustomEventData', { event_category: 'form', event_action: '  ' })).toEqual({ ok: false, issues: [CATEGORY_ACTION_TEXT] });
    expect(validateEntity('CustomEventData', { event_category: 'form', event_action: true })).toEqual({
      ok: false,
      issues: ['event_action must be a text or a number.'],
    });
    expect(validateEntity('CustomEventData', { event_name: ' ' })).toEqual({
      ok: false,
      issues: ['A custom event needs event_name (GA4 form), or event_category and event_action (legacy form).'],
    });
    expect(validateEntity('ProductSourceEventData', { webshop_product_id: '\t' })).toEqual({ ok: false, issues: ['webshop_product_id is required.'] });
  });

  it('counts a text of invisible characters only (zero-width space, joiners, soft hyphen, braille blank) as blank', () => {
    for (const invisible of ['\u200B', ' \u200C\u200D ', '\u2060', '\u00AD', '\u2800']) {
      expect(validateEntity('CustomEventData', { event_category: 'form', event_action: invisible })).toEqual({ ok: false, issues: [CATEGORY_ACTION_TEXT] });
      expect(validateEntity('ProductSourceEventData', { webshop_product_id: invisible })).toEqual({ ok: false, issues: ['webshop_product_id is required.'] });
    }
    // An invisible event_name beside the legacy fields does not make the event a GA4 one.
    expect(validateEntity('CustomEventData', { event_name: '\u200B', event_category: 'form', event_action: 'submit' }).ok).toBe(true);
    expect(validateEntity('CustomEventData', { event_name: '\u200B', event_category: 'form' })).toEqual({ ok: false, issues: [CATEGORY_ACTION_TEXT] });
    // A GA4 event whose legacy fields hold only invisible characters is read as the GA4 form.
    expect(validateEntity('CustomEventData', { event_name: 'login', event_category: '\u200B' }).ok).toBe(true);
    expect(validateEntity('CustomEventData', { event_category: 'form', event_action: 'submit\u200B' }).ok).toBe(true);
  });

  it('validates a GA4 custom event by event_name', () => {
    expect(validateEntity('CustomEventData', { event_name: 'login', event_type: 'ga4_event' }).ok).toBe(true);
    expect(validateEntity('CustomEventData', { click_type: 'button' }).ok).toBe(false);
  });

  it('normalises quickbuy and webshop_style of e-commerce items to booleans', () => {
    const result = validateEntity('EcommerceEventData', {
      event: 'add_to_cart',
      ecommerce: { items: [{ item_id: '1', quickbuy: 'true', webshop_style: false }, { item_id: '2', webshop_style: 'false' }] },
    });
    expect(result.ok && result.value.ecommerce?.items).toEqual([
      { item_id: '1', quickbuy: true, webshop_style: false },
      { item_id: '2', webshop_style: false },
    ]);
  });

  it('rejects an e-commerce event whose item has a random quickbuy string with the spec text', () => {
    const result = validateEntity('EcommerceEventData', { event: 'view_item', ecommerce: { items: [{ quickbuy: 'yes' }] } });
    expect(result).toEqual({ ok: false, issues: [QUICKBUY_TEXT] });
  });

  it('validates item lists, product-source events and lead data', () => {
    expect(validateEntity('ItemListData', { items: ['1', '2'], list_page_number: '3' }).ok).toBe(true);
    expect(validateEntity('ProductSourceEventData', { webshop_product_id: '123456789' }).ok).toBe(true);
    expect(validateEntity('ProductSourceEventData', {}).ok).toBe(false);
    expect(validateEntity('LeadData', { lead_id: 'L1', lead_value: 10 }).ok).toBe(true);
  });

  it('never throws and always returns ok with a value or a non-empty issue list, whatever the input', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ENTITY_KINDS), oddValues, (kind, input) => {
        const result = validateEntity(kind, input);
        expect(result.ok ? 'value' in result : result.issues.length > 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('numbers and flags that cannot be read are treated as absent (spec §5), with a warning naming the field', () => {
  const leftOut = (field: string) => `The value of ${field} is not a valid number or boolean and is treated as absent.`;

  it('leaves an unparseable number or a flag that is not boolean-like out of the page data instead of rejecting it', () => {
    const input = { exactag_site_group: 'Suchergebnisseite', number_of_product_results: 'abc', is_spa: 'yes', page_type: 'search' };
    expect(validateEntity('InitialPageData', input)).toEqual({
      ok: true,
      value: { exactag_site_group: 'Suchergebnisseite', page_type: 'search' },
      warnings: [leftOut('number_of_product_results'), leftOut('is_spa')],
    });
    expect(input.number_of_product_results).toBe('abc');
  });

  it('leaves an empty number or flag out without a warning: it is absent, not a bad value (spec §5)', () => {
    const input = { page_type: 'search', page_quality_score: '', is_spa: '', lead_value: '12,5' };
    expect(validateEntity('InitialPageData', input)).toEqual({ ok: true, value: { page_type: 'search', lead_value: '12,5' } });
    const event = { event: 'purchase', ecommerce: { value: '', items: [{ item_id: '1', price: '' }] } };
    expect(validateEntity('EcommerceEventData', event)).toEqual({ ok: true, value: { event: 'purchase', ecommerce: { items: [{ item_id: '1' }] } } });
  });

  it('leaves an empty or blank object, list, quickbuy or webshop_style field out without a warning: one empty CMS field must not cost the push', () => {
    const page = { page_type: 'pdp', ab_tests: '', subscription_info: ' ', exactag_site_group: 'Product View' };
    expect(validateEntity('InitialPageData', page)).toEqual({ ok: true, value: { page_type: 'pdp', exactag_site_group: 'Product View' } });
    expect(validateEntity('EcommerceEventData', { event: 'view_item', ecommerce: { items: '' } })).toEqual({
      ok: true,
      value: { event: 'view_item', ecommerce: {} },
    });
    const order = { event: 'purchase', ecommerce: { transaction_id: 'T-1', items: [{ item_id: '1', quickbuy: '', webshop_style: ' ' }] } };
    expect(validateEntity('EcommerceEventData', order)).toEqual({
      ok: true,
      value: { event: 'purchase', ecommerce: { transaction_id: 'T-1', items: [{ item_id: '1' }] } },
    });
    expect(validateEntity('CustomEventData', { event_name: 'subscription_change', subscription_info: '' })).toEqual({
      ok: true,
      value: { event_name: 'subscription_change' },
    });
  });

  it('leaves a text field given a flag or an object out with a warning naming the field, instead of rejecting the page', () => {
    const page = { page_type: 'search', internal_search_campaign: false, node_level_3: {}, page_name: 'Suche' };
    expect(validateEntity('InitialPageData', page)).toEqual({
      ok: true,
      value: { page_type: 'search', page_name: 'Suche' },
      warnings: [
        'The value of internal_search_campaign is not a valid text and is treated as absent.',
        'The value of node_level_3 is not a valid text and is treated as absent.',
      ],
    });
    expect(validateEntity('CustomEventData', { event_category: '', event_action: 'click' })).toEqual({ ok: false, issues: [CATEGORY_ACTION_TEXT] });
  });

  it('leaves a text list, an object or a list given a flag or the wrong shape out with a warning, so an order is not lost for a coupon', () => {
    const order = {
      event: 'purchase',
      ecommerce: { transaction_id: 'C1', coupon: {}, items: [{ item_id: 'A', price: 9, coupon: false, source_product_id_list: {} }] },
    };
    expect(validateEntity('EcommerceEventData', order)).toEqual({
      ok: true,
      value: { event: 'purchase', ecommerce: { transaction_id: 'C1', items: [{ item_id: 'A', price: 9 }] } },
      warnings: [
        'The value of ecommerce.coupon is not a valid text and is treated as absent.',
        'The value of ecommerce.items.0.coupon is not a valid text and is treated as absent.',
        'The value of ecommerce.items.0.source_product_id_list is not a valid text and is treated as absent.',
      ],
    });
    expect(validateEntity('InitialPageData', { page_type: 'home', ab_tests: false, subscription_info: 3, scope: {} })).toEqual({
      ok: true,
      value: { page_type: 'home' },
      warnings: [
        'The value of ab_tests is not a valid object and is treated as absent.',
        'The value of subscription_info is not a valid object and is treated as absent.',
        'The value of scope is not a valid text and is treated as absent.',
      ],
    });
    expect(validateEntity('EcommerceEventData', { event: 'purchase', ecommerce: { items: [{ quickbuy: {} }] } })).toEqual({ ok: false, issues: [QUICKBUY_TEXT] });
  });

  it('leaves nested numbers of events out the same way, and keeps the quickbuy rejection', () => {
    const event = { event: 'add_to_cart', ecommerce: { value: 'n/a', items: [{ item_id: '1', price: 'free', quantity: 2 }] } };
    expect(validateEntity('EcommerceEventData', event)).toEqual({
      ok: true,
      value: { event: 'add_to_cart', ecommerce: { items: [{ item_id: '1', quantity: 2 }] } },
      warnings: [leftOut('ecommerce.value'), leftOut('ecommerce.items.0.price')],
    });
    expect(event.ecommerce.items[0]?.price).toBe('free');
    expect(validateEntity('EcommerceEventData', { event: 'add_to_cart', ecommerce: { items: [{ quickbuy: 'yes' }] } })).toEqual({ ok: false, issues: [QUICKBUY_TEXT] });
  });

  it.each(['0', '1', 'no', 'off', 'on'])('refuses quickbuy and webshop_style given as %j: only booleans and "true" / "false" (spec §5)', (value) => {
    for (const field of ['quickbuy', 'webshop_style']) {
      expect(validateEntity('EcommerceEventData', { event: 'add_to_cart', ecommerce: { items: [{ item_id: '1', [field]: value }] } })).toEqual({ ok: false, issues: [QUICKBUY_TEXT] });
    }
  });

  it('never rejects an entity for its numeric and flag fields, and keeps every readable value', () => {
    const odd = fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constantFrom('12,5', 'true', 'no', {}, []));
    fc.assert(
      fc.property(fc.record({ number_of_product_results: odd, is_spa: odd, lead_value: odd, page_quality_score: odd }, { requiredKeys: [] }), (input) => {
        const result = validateEntity('InitialPageData', { page_type: 'home', ...input });
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const kept = Object.keys(result.value).filter((key) => key !== 'page_type');
        const warned = (result.warnings ?? []).map((w) => /of (\S+) is/.exec(w)?.[1]);
        const empty = Object.keys(input).filter((key) => {
          const value: unknown = input[key as keyof typeof input];
          return typeof value === 'string' && isBlankText(value);
        });
        expect([...kept, ...warned, ...empty].sort()).toEqual(Object.keys(input).sort());
      }),
    );
  });
});

describe('legacy custom event: event_category and event_action are required', () => {
  it('a legacy event with neither of them, only its other fields, gets the spec text too', () => {
    expect(validateEntity('CustomEventData', { event_label: 'logo' })).toEqual({ ok: false, issues: [CATEGORY_ACTION_TEXT] });
    expect(validateEntity('CustomEventData', { event_label: 'logo', event_non_interaction: true })).toEqual({
      ok: false,
      issues: [CATEGORY_ACTION_TEXT],
    });
    expect(validateEntity('CustomEventData', { event_context: 'header', event_name: 'link_click' }).ok).toBe(true);
  });

  it.each([
    [{ event_category: 'navigation' }],
    [{ event_action: 'click' }],
    [{ event_category: 'navigation', event_action: '' }],
    [{ event_category: null, event_action: 'click', event_label: 'logo' }],
  ])('%o is rejected with the spec text', (event) => {
    expect(validateEntity('CustomEventData', event)).toEqual({ ok: false, issues: [CATEGORY_ACTION_TEXT] });
  });

  it('is accepted as it is when both are present', () => {
    const event = { event_category: 'navigation', event_action: 'click' };
    expect(validateEntity('CustomEventData', event)).toEqual({ ok: true, value: event });
  });
});

describe('quickbuy and webshop_style of e-commerce items', () => {
  const purchase = (item: Record<string, unknown>) => ({ event: 'purchase', ecommerce: { items: [{ item_id: '1' }, item] } });
  const itemsOf = (result: ReturnType<typeof validateEntity>) =>
    result.ok ? (result.value as { ecommerce: { items: Record<string, unknown>[] } }).ecommerce.items : undefined;

  it.each([
    [true, true],
    ['true', true],
    [false, false],
    ['false', false],
  ])('%o becomes %o', (input, expected) => {
    expect(itemsOf(validateEntity('EcommerceEventData', purchase({ item_id: '2', quickbuy: input, webshop_style: input })))).toEqual([
      { item_id: '1' },
      { item_id: '2', quickbuy: expected, webshop_style: expected },
    ]);
  });

  it('leaves an absent flag absent', () => {
    expect(itemsOf(validateEntity('EcommerceEventData', purchase({ item_id: '2', quickbuy: null })))).toEqual([{ item_id: '1' }, { item_id: '2' }]);
  });

  it('a random string rejects the push with the spec error', () => {
    for (const item of [{ quickbuy: 'TRUE' }, { webshop_style: 'maybe' }, { quickbuy: 'x' }]) {
      expect(validateEntity('EcommerceEventData', purchase(item))).toEqual({ ok: false, issues: [QUICKBUY_TEXT] });
    }
  });

  it('accepts exactly true, false, "true" and "false" (besides an absent or blank value), and never changes the input', () => {
    const accepted = new Set<unknown>([true, false, 'true', 'false']);
    fc.assert(
      fc.property(fc.oneof(oddValues, fc.constantFrom(true, false, 'true', 'false')), (value) => {
        if (value === undefined || value === null || (typeof value === 'string' && isBlankText(value))) return;
        const event = purchase({ item_id: '2', quickbuy: value });
        const result = validateEntity('EcommerceEventData', event);
        expect(result.ok).toBe(accepted.has(value));
        if (result.ok) expect(itemsOf(result)?.[1]?.quickbuy).toBe(value === true || value === 'true');
        expect(event.ecommerce.items[1]?.quickbuy).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});

describe('page scope', () => {
  it('runs every tracker when the page data has no scope or an empty one', () => {
    const { log, entries } = recorder();
    for (const tracker of TRACKER_NAMES) {
      expect(isTrackerInScope({}, tracker, log)).toBe(true);
      expect(isTrackerInScope({ scope: '' }, tracker, log)).toBe(true);
      expect(isTrackerInScope({ scope: [] }, tracker, log)).toBe(true);
    }
    expect(entries).toEqual([]);
  });

  it('runs listed trackers (array or comma-separated string, any case) and skips the others with a warning', () => {
    const { log, entries } = recorder();
    expect(isTrackerInScope({ scope: 'GTM, app' }, 'gtm', log)).toBe(true);
    expect(isTrackerInScope({ scope: ['Exactag'] }, 'exactag', log)).toBe(true);
    expect(isTrackerInScope({ scope: 'gtm,app' }, 'exactag', log)).toBe(false);
    expect(entries).toEqual([
      { level: 5, message: 'The page data restricts the scope and excludes exactag. exactag tracking is skipped.' },
    ]);
  });
});

describe('required parameters', () => {
  it('search result page for exactag needs number_of_product_results', () => {
    const { log, messages } = recorder();
    expect(checkRequiredParameters({ exactag_site_group: 'Suchergebnisseite' }, 'exactag', log)).toEqual([
      'number_of_product_results',
    ]);
    expect(messages()).toEqual([
      'The parameter number_of_product_results is required on Suchergebnisseite pages for exactag but is missing.',
    ]);
  });

  it('search result page for the data layer also needs the available results and the internal search fields', () => {
    const { log, entries } = recorder();
    expect(checkRequiredParameters({ exactag_site_group: 'Suchergebnisseite' }, 'dataLayer', log)).toEqual([
      'number_of_product_results',
      'number_of_available_product_results',
      'internal_search_fallback',
      'internal_search_campaign',
    ]);
    expect(entries).toHaveLength(4);
    expect(entries.every((e) => e.level === 5)).toBe(true);
  });

  it('a required parameter of white space only is missing: no destination receives it', () => {
    const { log } = recorder();
    const page = { exactag_site_group: 'Suchergebnisseite', number_of_product_results: 3, number_of_available_product_results: 3, internal_search_fallback: ' ', internal_search_campaign: '  ' };
    expect(checkRequiredParameters(page, 'dataLayer', log)).toEqual(['internal_search_fallback', 'internal_search_campaign']);
  });

  it('category page needs number_of_product_results, and for the data layer number_of_available_product_results', () => {
    const { log, messages } = recorder();
    expect(checkRequiredParameters({ exactag_site_group: 'Category' }, 'exactag', log)).toEqual(['number_of_product_results']);
    expect(
      checkRequiredParameters({ exactag_site_group: 'Category', number_of_product_results: 5 }, 'dataLayer', log),
    ).toEqual(['number_of_available_product_results']);
    expect(messages()[1]).toBe(
      'The parameter number_of_available_product_results is required on Category pages for dataLayer but is missing.',
    );
  });

  it('reads the group as the affiliate rules do: any case, trimmed', () => {
    fc.assert(
      fc.property(fc.constantFrom('Category', 'Suchergebnisseite'), fc.array(fc.boolean(), { maxLength: 20 }), fc.boolean(), (group, upper, padded) => {
        const spelled = [...group].map((char, index) => (upper[index] ? char.toUpperCase() : char.toLowerCase())).join('');
        const { log } = recorder();
        const missing = checkRequiredParameters({ exactag_site_group: padded ? ` ${spelled} ` : spelled }, 'dataLayer', log);
        expect(missing).toEqual(checkRequiredParameters({ exactag_site_group: group }, 'dataLayer', recorder().log));
      }),
    );
  });

  it('counts 0 and false as present', () => {
    const { log, entries } = recorder();
    const page = {
      exactag_site_group: 'Suchergebnisseite',
      number_of_product_results: 0,
      number_of_available_product_results: '0',
      internal_search_fallback: false,
      internal_search_campaign: 'none',
    };
    expect(checkRequiredParameters(page, 'dataLayer', log)).toEqual([]);
    expect(entries).toEqual([]);
  });

  it('requires nothing on other page groups', () => {
    const { log, entries } = recorder();
    expect(checkRequiredParameters({ exactag_site_group: 'Homepage' }, 'dataLayer', log)).toEqual([]);
    expect(checkRequiredParameters({ exactag_site_group: 'toString' }, 'dataLayer', log)).toEqual([]);
    expect(entries).toEqual([]);
  });
});

describe('every validator is total', () => {
  it('never throws on arbitrary input and logs only strings', () => {
    fc.assert(
      fc.property(oddValues, fc.constantFrom(...TRACKER_NAMES), fc.constantFrom('exactag' as const, 'dataLayer' as const), (input, tracker, destination) => {
        const { log, entries } = recorder();
        for (const kind of ENTITY_KINDS) validateEntity(kind, input);
        validateEntity('EcommerceEventData', { event: 'purchase', ecommerce: { items: [input] } });
        isTrackerInScope(input, tracker, log);
        checkRequiredParameters(input, destination, log);
        checkRequiredParameters({ exactag_site_group: 'Suchergebnisseite', number_of_product_results: input }, destination, log);
        isTrackerInScope({ scope: input }, tracker, log);
        expect(entries.every((e) => typeof e.message === 'string')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('validation accepts what the mappers map: a value the page view reads does not cost the page view', () => {
  const valid = <T>(result: { ok: boolean; value?: T; warnings?: unknown }): T => {
    expect(result).toMatchObject({ ok: true });
    expect(result).not.toHaveProperty('warnings');
    return result.value as T;
  };

  it.each([
    [{ page_override: true }, { page_override: true }],
    [{ selected_consent: false }, { selected_consent: false }],
    [{ page_override: 'false', selected_consent: 'C0001,C0002' }, { page_override: false, selected_consent: 'C0001,C0002' }],
  ])('a boolean page_override / selected_consent: %j', (fields, carried) => {
    const page = valid(validateEntity('InitialPageData', { page_type: 'home', ...fields }));
    expect(toUaPageview(page)).toMatchObject(carried);
    expect(toGa4Pageview(page)).toMatchObject(carried);
  });

  it('one A/B test given alone, not in a list', () => {
    const page = valid(validateEntity('InitialPageData', { page_type: 'home', ab_tests: { name: 'tiles', group: 'B' } }));
    expect(toUaPageview(page).ab_tests).toEqual([{ name: 'tiles', group: 'B' }]);
    expect(toGa4Pageview(page).ab_tests).toBe('tiles:B');
    expect(validateEntity('InitialPageData', { ab_tests: { name: {}, group: 'B' } })).toEqual({
      ok: true,
      value: { ab_tests: { group: 'B' } },
      warnings: ['The value of ab_tests.name is not a valid text and is treated as absent.'],
    });
  });

  it('item-list items as a comma-separated text of ids, or one id alone', () => {
    const list = valid(validateEntity('ItemListData', { items: 'a, b,c' }));
    expect((toGa4ItemList(list).ecommerce as { items: unknown[] }).items).toEqual([
      { item_id: 'a', index: 1 },
      { item_id: 'b', index: 2 },
      { item_id: 'c', index: 3 },
    ]);
    expect(toAppBridgePayload('ItemListData', list, () => {})).toMatchObject({ items: [{ item_id: 'a' }, { item_id: 'b' }, { item_id: 'c' }], product_ids: 'a|b|c' });
    const one = valid(validateEntity('ItemListData', { items: { item_id: 7 } }));
    expect((toUaItemList(one).ecommerce as { impressions: unknown[] }).impressions).toEqual([{ id: '7', position: 1 }]);
  });

  it('a list of coupons, pipe-joined in every form as the affiliate tracker joins it', () => {
    const event = valid(validateEntity('EcommerceEventData', { event: 'purchase_ga4', ecommerce: { coupon: ['SPRING', 'BEANS'] } }));
    expect(toGa4Ecommerce(event)?.ecommerce).toMatchObject({ coupon: 'SPRING|BEANS' });
    expect(toUaEcommerce(event)?.ecommerce).toMatchObject({ purchase: { actionField: { coupon: 'SPRING|BEANS' } } });
  });
});

describe('keys the spec does not name are kept and named in one warning per push', () => {
  const unknown = (kind: string, paths: string) =>
    `${kind} has fields the library does not know (${paths}): the data layer and the affiliate tracker leave them out.`;

  it('names misspelt fields at every level once, without the list indexes', () => {
    const event = {
      event: 'add_to_cart',
      ecommerce: { curency: 'EUR', items: [{ item_id: '1', item_category: 'Kaffee' }, { item_id: '2', item_category: 'Tee', qty: 2 }] },
    };
    expect(validateEntity('EcommerceEventData', event)).toEqual({
      ok: true,
      value: event,
      warnings: [unknown('EcommerceEventData', 'ecommerce.curency, ecommerce.items.item_category, ecommerce.items.qty')],
    });
    expect(validateEntity('InitialPageData', { page_typ: 'home', ab_tests: [{ name: 'a', grup: 'b' }] })).toMatchObject({
      warnings: [unknown('InitialPageData', 'page_typ, ab_tests.grup')],
    });
  });

  it('names the fields of the other form of a custom event as such: known, but left out by this form', () => {
    const ga4 = { event_name: 'button_click', event_category: 'navigation', event_action: 'click', click_target: 'cta', clik_type: 'x' };
    expect(validateEntity('CustomEventData', ga4)).toMatchObject({
      warnings: [
        'A custom event in the GA4 form (event_name) leaves out the legacy-form fields event_category, event_action.',
        unknown('CustomEventData', 'clik_type'),
      ],
    });
    const legacy = { event_category: 'navigation', event_action: 'click', click_target: 'cta' };
    expect(validateEntity('CustomEventData', legacy)).toMatchObject({
      warnings: [
        'A custom event in the legacy form (event_category, event_action) leaves out the GA4-form fields click_target: its GA4 entry is derived from its category and action.',
      ],
    });
  });

  it('names nothing for keys without a value (a template that fills every key), nor a blank event_name beside the legacy fields', () => {
    const legacy = { event_category: 'navigation', event_action: 'click', event_name: '', internal_search_term: undefined, other: null };
    expect(validateEntity('CustomEventData', legacy)).toEqual({ ok: true, value: legacy });
    expect(validateEntity('CustomEventData', { ...legacy, event_name: ' ' })).toMatchObject({ ok: true });
    expect(validateEntity('InitialPageData', { page_type: 'home', page_typ: '' })).not.toHaveProperty('warnings');
  });

  it('names the keys of item objects in an item list, where only item_id is read', () => {
    expect(validateEntity('ItemListData', { items: [{ item_id: '1', item_nme: 'x' }, { id: 2 }] })).toMatchObject({
      ok: true,
      warnings: [unknown('ItemListData', 'items.item_nme, items.id')],
    });
    expect(validateEntity('ItemListData', { items: { item_id: '1', price: 3 } })).toMatchObject({ warnings: [unknown('ItemListData', 'items.price')] });
    expect(validateEntity('ItemListData', { items: ['1', { item_id: '2' }] })).not.toHaveProperty('warnings');
  });

  it('never names what every client adds (emitter, cot_client_version) or the spec fields', () => {
    const meta = { emitter: 'shop', cot_client_version: '1.0.0' };
    expect(validateEntity('LeadData', { lead_id: 'L1', lead_value: 3, exactag_level: 'x', ...meta })).toEqual({
      ok: true,
      value: { lead_id: 'L1', lead_value: 3, exactag_level: 'x', ...meta },
    });
    expect(validateEntity('CustomEventData', { event_category: 'a', event_action: 'b', event_label: 'c', ...meta })).not.toHaveProperty('warnings');
    expect(validateEntity('ProductSourceEventData', { webshop_product_id: '123', ...meta })).not.toHaveProperty('warnings');
    // The touch point's user key is read from the e-commerce event.
    expect(validateEntity('EcommerceEventData', { event: 'purchase', user_key: 'CB-4711', ecommerce: { items: [] } })).not.toHaveProperty('warnings');
  });
});
