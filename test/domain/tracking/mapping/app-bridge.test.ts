import fc from 'fast-check';
import { toAppBridgePayload, UNKNOWN_APP_EVENT } from '../../../../src/domain/tracking/mapping/app-bridge';
import { PayloadTexts } from '../../../../src/domain/tracking/mapping/payload-texts';
import { LogLevel } from '../../../../src/domain/tracking/log-buffer';
import {
  emptyStringPaths,
  ignoreLog,
  longItems,
  oddEcommerceEvent,
  oddValue,
  recordingLog,
  revokedProxy,
} from './destination-payload-support';

const KINDS = [
  'InitialPageData',
  'EcommerceEventData',
  'CustomEventData',
  'ItemListData',
  'ProductSourceEventData',
  'LeadData',
] as const;

describe('toAppBridgePayload', () => {
  it("sends initial page data as a flat 'pageview' event", () => {
    const payload = toAppBridgePayload(
      'InitialPageData',
      { page_type: 'product', page_name: 'Barista', exactag_site_group: 'Product View', ab_tests: [{ name: 't1', group: 'B' }], origin: '' },
      ignoreLog,
    );
    expect(payload).toEqual({
      event_name: 'pageview',
      page_type: 'product',
      page_name: 'Barista',
      exactag_site_group: 'Product View',
      ab_tests: [{ name: 't1', group: 'B' }],
    });
  });

  it('spreads the e-commerce block, names the event by it and lists the items and their ids', () => {
    const payload = toAppBridgePayload(
      'EcommerceEventData',
      {
        event: 'purchase',
        ecommerce: { transaction_id: 'T-1', value: 29.9, currency: 'EUR', items: [{ item_id: 'A1', quantity: 1 }, { item_id: 'B2' }] },
        coupon_values: '5',
      },
      ignoreLog,
    );
    expect(payload).toEqual({
      event_name: 'purchase',
      event: 'purchase',
      transaction_id: 'T-1',
      value: 29.9,
      currency: 'EUR',
      coupon_values: '5',
      items: [{ item_id: 'A1', quantity: 1 }, { item_id: 'B2' }],
      product_ids: 'A1|B2',
    });
  });

  it('names a GA4 custom event by its event_name and a legacy one custom_event', () => {
    expect(toAppBridgePayload('CustomEventData', { event_type: 'ga4_event', event_name: 'link_click', click_target: 'faq' }, ignoreLog))
      .toEqual({ event_name: 'link_click', event_type: 'ga4_event', click_target: 'faq' });
    expect(toAppBridgePayload('CustomEventData', { event_category: 'navigation', event_action: 'click' }, ignoreLog)).toEqual({
      event_name: 'custom_event',
      event_category: 'navigation',
      event_action: 'click',
    });
  });

  it('names an event by its own field of its form only: a stray `event` or `event_name` (a field the library does not know) renames nothing', () => {
    const legacy = { event: 'gaEvent', event_category: 'navigation', event_action: 'click', event_label: 'logo' };
    expect(toAppBridgePayload('CustomEventData', legacy, ignoreLog)).toMatchObject({ event_name: 'custom_event', event: 'gaEvent' });
    const purchase = { event: 'purchase', event_name: 'checkout_done', ecommerce: { transaction_id: 'T1', items: [{ item_id: 'A' }] } };
    expect(toAppBridgePayload('EcommerceEventData', purchase, ignoreLog)).toMatchObject({ event_name: 'purchase', transaction_id: 'T1' });
  });

  it("sends item-list ids as items, each with its place across result pages, and product_ids under 'item_list'", () => {
    const payload = toAppBridgePayload('ItemListData', { items: ['400000001', 400000002], list_page_number: 2, max_items_per_page: 24 }, ignoreLog);
    expect(payload).toEqual({
      event_name: 'item_list',
      items: [
        { item_id: '400000001', index: 25 },
        { item_id: '400000002', index: 26 },
      ],
      product_ids: '400000001|400000002',
      list_page_number: 2,
      max_items_per_page: 24,
    });
  });

  it("leaves out an item list's records without an item_id (their places kept), as it does empty texts and as the data layer does", () => {
    const payload = toAppBridgePayload(
      'ItemListData',
      { items: [{ item_id: '11' }, { product_id: '22' }, null, { item_id: ' ' }, { item_name: 'no id' }, { item_id: '55' }], list_page_number: 2, max_items_per_page: 24 },
      ignoreLog,
    );
    // As in the data layer: an item list names its products by item_id (a product_id there is a field the library does not know).
    expect(payload.items).toEqual([
      { item_id: '11', index: 25 },
      { item_id: '55', index: 30 },
    ]);
    expect(payload.product_ids).toBe('11|55');
  });

  it("names every item of a list by a text item_id, whether the page gave the id alone or in a record, as the data layer does", () => {
    const payload = toAppBridgePayload('ItemListData', { items: [5, { item_id: 6, item_name: 'Tasse' }, '7', { item_id: '8' }] }, ignoreLog);
    expect(payload.items).toEqual([
      { item_id: '5', index: 1 },
      { item_id: '6', item_name: 'Tasse', index: 2 },
      { item_id: '7', index: 3 },
      { item_id: '8', index: 4 },
    ]);
  });

  it("keeps the places of an item list's products after an empty entry, as the GA4 entry does (page 3 of 10 per page)", () => {
    const payload = toAppBridgePayload('ItemListData', { items: '111, 222,,333', list_page_number: '3', max_items_per_page: '10' }, ignoreLog);
    expect(payload.items).toEqual([
      { item_id: '111', index: 21 },
      { item_id: '222', index: 22 },
      { item_id: '333', index: 24 },
    ]);
  });

  it.each([
    ['LeadData', { lead_id: 'L-1', lead_value: 12.5 }, 'lead'],
    ['ProductSourceEventData', { webshop_product_id: '400000001' }, 'product_source'],
    ['SomethingNew', {}, 'SomethingNew'],
    [undefined, {}, UNKNOWN_APP_EVENT],
    [{ not: 'a kind' }, {}, UNKNOWN_APP_EVENT],
  ])('names a %j message %s', (kind, data, name) => {
    expect(toAppBridgePayload(kind, data, ignoreLog).event_name).toBe(name);
  });

  it('cuts the pipe-joined product list to 100 characters (spec: "in app and data-layer payloads")', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ item_id: String(400000000 + i) }));
    const payload = toAppBridgePayload('EcommerceEventData', { event: 'view_cart', ecommerce: { items } }, ignoreLog);
    expect(payload.product_ids).toBe(Array.from({ length: 10 }, (_, i) => String(400000000 + i)).join('|')); // 99 characters: the 100th was a '|'
    expect(String(payload.product_ids).startsWith('400000000|400000001|')).toBe(true);
  });

  it("names an e-commerce item's product by a text, as the data layer and an item list do; its other fields stay as pushed", () => {
    const items = [{ item_id: 16, price: '2,5', quantity: 2 }, { product_id: 17 }, { item_id: '18' }];
    const payload = toAppBridgePayload('EcommerceEventData', { event: 'view_cart', ecommerce: { items } }, ignoreLog);
    expect(payload.items).toEqual([{ item_id: '16', price: '2,5', quantity: 2 }, { product_id: '17' }, { item_id: '18' }]);
  });

  it('warns and sends the event name alone for unreadable data', () => {
    const { log, entries } = recordingLog();
    expect(toAppBridgePayload('LeadData', revokedProxy(), log)).toEqual({ event_name: 'lead' });
    expect(entries).toEqual([{ level: LogLevel.warn, message: PayloadTexts.payloadUnreadable('app bridge') }]);
  });
});

describe('app bridge properties', () => {
  const kind = fc.oneof(fc.constantFrom(...KINDS), oddValue);
  const data = fc.oneof(oddEcommerceEvent, oddValue);

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(kind, data, (k, d) => {
        toAppBridgePayload(k, d, ignoreLog);
      }),
      { numRuns: 500 },
    );
  });

  it('never contains an empty string at any depth, and always names the event', () => {
    fc.assert(
      fc.property(kind, data, (k, d) => {
        const payload = toAppBridgePayload(k, d, ignoreLog);
        expect(emptyStringPaths(payload)).toEqual([]);
        expect(typeof payload.event_name === 'string' && payload.event_name !== '').toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('never sends a pipe-joined product list longer than 100 characters', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KINDS), longItems, (k, items) => {
        const fromEcommerce = toAppBridgePayload(k, { event: 'purchase', ecommerce: { items } }, ignoreLog);
        const fromList = toAppBridgePayload(k, { items: items.map((item) => item.item_id) }, ignoreLog);
        expect(String(fromEcommerce.product_ids ?? '').length).toBeLessThanOrEqual(100);
        expect(String(fromList.product_ids ?? '').length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });
});
