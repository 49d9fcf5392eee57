import fc from 'fast-check';
import { groupsFromActiveGroupsList, NO_GROUPS } from '../../../src/domain/tracking/consent-groups';
import type { TrackedEvent } from '../../../src/domain/tracking/deliveries';
import { LogLevel } from '../../../src/domain/tracking/log-buffer';
import { createTrackingPipeline } from '../../../src/domain/tracking/pipeline';
import { pageFactsAt } from './page-facts-fixture';

/** The pipeline after a page view, and the warnings it logs from then on. */
function afterPageView() {
  const warnings: string[] = [];
  const pipeline = createTrackingPipeline({
    facts: pageFactsAt('/kaffee'),
    enabled: { gtm: true, exactag: false, ttruth: false },
    groups: groupsFromActiveGroupsList(',C0001,C0003,') ?? NO_GROUPS,
    log: (level, message) => {
      if (level === LogLevel.warn) warnings.push(message);
    },
  });
  pipeline.push({ kind: 'InitialPageData', data: { page_type: 'category', page_name: 'kaffee', exactag_site_group: 'Content' }, customerData: null, ticket: 1 });
  warnings.length = 0;
  const push = (event: TrackedEvent) => pipeline.push({ ...event, ticket: 2 });
  return { push, warnings };
}

const ids = (count: number) => Array.from({ length: count }, (_, i) => String(100000 + i));

describe('what GA4 would drop without a word is named in a warning', () => {
  it('an item list or an e-commerce event with more than 200 items (GA4 keeps the first 200): its GA4 entry still carries them all', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 260 }), (count) => {
        const { push, warnings } = afterPageView();
        const list = push({ kind: 'ItemListData', data: { items: ids(count) } });
        const cart = push({ kind: 'EcommerceEventData', data: { event: 'view_cart', ecommerce: { currency: 'EUR', value: 1, items: ids(count).map((item_id) => ({ item_id })) } } });
        const ga4Items = [list, cart].map((outcome) => (outcome.ok ? outcome.deliveries.map((d) => (d.payload as { ecommerce?: { items?: unknown[] } }).ecommerce?.items?.length) : []));
        expect(ga4Items.map((lengths) => lengths.at(-1))).toEqual([count, count]);
        const expected = count > 200 ? [`The GA4 entry view_item_list has ${count} items; GA4 keeps the first 200 of an event.`, `The GA4 entry view_cart has ${count} items; GA4 keeps the first 200 of an event.`] : [];
        expect(warnings.filter((w) => w.startsWith('The GA4 entry'))).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('an e-commerce value without a currency (GA4 counts no revenue then); none for a value of 0 or with a currency', () => {
    const { push, warnings } = afterPageView();
    const items = [{ item_id: '123456', price: 5 }];
    push({ kind: 'EcommerceEventData', data: { event: 'purchase_ga4', ecommerce: { transaction_id: 'T1', value: 12.5, items } } });
    push({ kind: 'EcommerceEventData', data: { event: 'add_to_cart', ecommerce: { items } } });
    push({ kind: 'EcommerceEventData', data: { event: 'view_cart', ecommerce: { currency: 'CHF', value: 5, items } } });
    expect(warnings.filter((w) => w.includes('currency'))).toEqual([
      'The GA4 entry purchase has a value (12.5) but no currency: GA4 records no revenue for it. Push ecommerce.currency (ISO 4217, e.g. EUR).',
    ]);
  });

  it('a currency that is no ISO 4217 code (a sign, a local abbreviation, lower case, a number), once per event of either form: none for the three capital letters', () => {
    const { push, warnings } = afterPageView();
    const items = [{ item_id: '123456', price: 5 }];
    for (const currency of ['zł', 'pln', ' TL ', 978, 'PLN', ' CZK '])
      push({ kind: 'EcommerceEventData', data: { event: 'view_cart', ecommerce: { currency, value: 5, items } } });
    // The legacy form of an order alone: its entry and Exactag get the currency too.
    push({ kind: 'EcommerceEventData', data: { event: 'purchase', ecommerce: { transaction_id: 'T2', currency: 'Kč', value: 5, items } } });
    expect(warnings.filter((w) => w.includes('currency'))).toEqual(
      [['view_cart', 'zł'], ['view_cart', 'pln'], ['view_cart', 'TL'], ['view_cart', '978'], ['purchase', 'Kč']].map(
        ([event, currency]) => `The e-commerce event ${event} has the currency "${currency}", which is no ISO 4217 code: GA4 and Exactag may record no revenue for it. Push ecommerce.currency as its three capital letters (e.g. EUR, CHF, PLN).`,
      ),
    );
  });
});
