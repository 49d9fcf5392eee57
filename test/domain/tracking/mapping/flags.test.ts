import fc from 'fast-check';
import { validateEntity, type EntityKind } from '../../../../src/domain/tracking/validation';
import { toGa4CustomEvent } from '../../../../src/domain/tracking/mapping/ga4-custom-event';
import { toGa4Ecommerce } from '../../../../src/domain/tracking/mapping/ga4-ecommerce';
import { toGa4ItemList } from '../../../../src/domain/tracking/mapping/ga4-item-list';
import { toGa4Pageview } from '../../../../src/domain/tracking/mapping/ga4-pageview';
import { toUaEcommerce } from '../../../../src/domain/tracking/mapping/ua-ecommerce';
import { toUaItemList } from '../../../../src/domain/tracking/mapping/ua-item-list';
import { toUaPageview } from '../../../../src/domain/tracking/mapping/ua-pageview';

type Entry = Record<string, unknown> | undefined;

/**
 * Each flag field of the entities: where the page puts it, and where each data-layer entry built from
 * it carries it. A string "false" is truthy in a tag-manager condition, so every entry must carry a boolean.
 */
const FLAG_FIELDS: readonly {
  field: string;
  kind: EntityKind;
  input: (flag: unknown) => Record<string, unknown>;
  entries: (data: unknown) => unknown[];
}[] = [
  ...['is_spa', 'internal_search_fallback'].map((field) => ({
    field,
    kind: 'InitialPageData' as const,
    input: (flag: unknown) => ({ page_type: 'search', [field]: flag }),
    entries: (data: unknown) => [toUaPageview(data)[field], toGa4Pageview(data)[field]],
  })),
  ...['selected_consent', 'page_override'].map((field) => ({
    field: `${field} of the page data`,
    kind: 'InitialPageData' as const,
    input: (flag: unknown) => ({ page_type: 'home', [field]: flag }),
    entries: (data: unknown) => [toUaPageview(data)[field], toGa4Pageview(data)[field]],
  })),
  {
    field: 'selected_consent of a GA4 custom event',
    kind: 'CustomEventData',
    input: (flag) => ({ event_name: 'button_click', selected_consent: flag }),
    entries: (data) => [toGa4CustomEvent(data).selected_consent],
  },
  {
    field: 'gift_subscription',
    kind: 'InitialPageData',
    input: (flag) => ({ subscription_info: { subscription_type: 'coffee', gift_subscription: flag } }),
    entries: (data) => [toGa4Pageview(data).gift_subscription],
  },
  {
    field: 'fallback_search_result',
    kind: 'ItemListData',
    input: (flag) => ({ items: ['a'], fallback_search_result: flag }),
    entries: (data) => [toUaItemList(data).fallback_search_result, toGa4ItemList(data).fallback_search_result],
  },
  ...['guest_order', 'gift_card_redemption', 'loyalty_beans_redemption'].map((field) => ({
    field,
    kind: 'EcommerceEventData' as const,
    input: (flag: unknown) => ({ event: 'purchase_ga4', ecommerce: { items: [{ item_id: 'a' }] }, [field]: flag }),
    entries: (data: unknown) => [(toUaEcommerce(data) as Entry)?.[field], (toGa4Ecommerce(data) as Entry)?.[field]],
  })),
  ...['online_exclusive', 'product_sale', 'back_in_stock', 'quickbuy', 'webshop_style'].map((field) => ({
    field,
    kind: 'EcommerceEventData' as const,
    input: (flag: unknown) => ({ event: 'add_to_cart', ecommerce: { items: [{ item_id: 'a', [field]: flag }] } }),
    entries: (data: unknown) => [((toGa4Ecommerce(data)?.ecommerce as { items: Entry[] }).items[0] as Entry)?.[field]],
  })),
];

describe('flags reach the data layer as booleans, in every entry (a string "false" is truthy in tag-manager conditions)', () => {
  it.each(FLAG_FIELDS.map((f) => [f.field, f] as const))('%s', (_, { kind, input, entries }) => {
    fc.assert(
      fc.property(fc.constantFrom(true, false, 'true', 'false'), (flag) => {
        const checked = validateEntity(kind, input(flag));
        expect(checked).toMatchObject({ ok: true });
        expect(checked).not.toHaveProperty('warnings');
        const value = (checked as { value: unknown }).value;
        for (const carried of entries(value)) expect(carried).toBe(flag === true || flag === 'true');
      }),
      { examples: [['false'], ['true']] },
    );
  });

  it('a flag-or-number field keeps a number as a number', () => {
    const event = { event: 'purchase_ga4', loyalty_beans_redemption: '250', gift_card_redemption: 10 };
    expect(toGa4Ecommerce(event)).toMatchObject({ loyalty_beans_redemption: 250, gift_card_redemption: 10 });
  });
});
