import { toExactagPayload } from '../../../../src/domain/tracking/mapping/exactag';
import { toFirstPartyPayload } from '../../../../src/domain/tracking/mapping/first-party';
import { toGa4CustomEvent } from '../../../../src/domain/tracking/mapping/ga4-custom-event';
import { toGa4Ecommerce } from '../../../../src/domain/tracking/mapping/ga4-ecommerce';
import { toGa4Pageview } from '../../../../src/domain/tracking/mapping/ga4-pageview';
import { toUaEcommerce } from '../../../../src/domain/tracking/mapping/ua-ecommerce';
import { toUaPageview } from '../../../../src/domain/tracking/mapping/ua-pageview';

const ignoreLog = () => undefined;

describe('texts reach every destination without the white space around them; a blank one is left out', () => {
  const purchase = {
    event: 'purchase',
    ecommerce: { transaction_id: ' T-3 ', value: 10, items: [{ item_id: ' 42 ', item_name: ' ', item_brand: ' Barista ', price: 5, quantity: 1 }, { item_id: '43', price: 5, quantity: 1 }] },
  };

  it('page data: a blank page type and node level are absent in both page views', () => {
    const page = { page_type: ' ', page_name: ' Startseite ', node_level_1: '  ' };
    for (const entry of [toUaPageview(page), toGa4Pageview(page)]) {
      expect(entry).not.toHaveProperty('page_type');
      expect(entry).not.toHaveProperty('node_level_1');
      expect(entry.page_name).toBe('Startseite');
    }
  });

  it('an order: the same trimmed order id and product ids in the data layer and at Exactag', () => {
    const legacy = toUaEcommerce(purchase) as { ecommerce: { purchase: { actionField: { id?: string }; products: Record<string, unknown>[] } }; product_id_list?: string };
    expect(legacy.ecommerce.purchase.actionField.id).toBe('T-3');
    expect(legacy.ecommerce.purchase.products[0]).toMatchObject({ id: '42', brand: 'Barista' });
    expect(legacy.ecommerce.purchase.products[0]).not.toHaveProperty('name');
    expect(legacy.product_id_list).toBe('42|43');
    const ga4 = toGa4Ecommerce(purchase) as { ecommerce: { transaction_id?: string; items: Record<string, unknown>[] } };
    expect(ga4.ecommerce.transaction_id).toBe('T-3');
    expect(ga4.ecommerce.items[0]).toMatchObject({ item_id: '42', item_brand: 'Barista' });
    expect(ga4.ecommerce.items[0]).not.toHaveProperty('item_name');
    const exactag = toExactagPayload({ pageData: { exactag_site_group: 'Order Confirmation' }, ecommerceEvent: purchase }, ignoreLog);
    expect(exactag).toMatchObject({ oi: 'T-3', pd: '42|43', br: 'Barista' });
  });

  it('a flag-or-text field and the subscription info are trimmed too; a blank one is absent or falls back', () => {
    const event = toGa4CustomEvent({ event_name: 'x', selected_consent: '  all  ', checkout_stage: '  s  ', subscription_info: { subscription_type: '   ', subscription_id: ' A-1 ' } });
    expect(event).toMatchObject({ selected_consent: 'all', checkout_stage: 's', subscription_type: 'none', subscription_id: 'A-1' });
    expect(toGa4CustomEvent({ event_name: 'x', selected_consent: '   ' })).not.toHaveProperty('selected_consent');
  });
});

describe('a text of invisible characters only (a zero-width space a CMS copied in) is blank too', () => {
  const invisible = ['\u200B', '\u200F\u2060', '\u00AD ', '\uFEFF'];

  it('is absent from the page views and from the order at every destination', () => {
    for (const blank of invisible) {
      const page = { page_type: 'order_confirmation', page_name: blank, node_level_3: blank, exactag_site_group: 'Order Confirmation' };
      for (const entry of [toUaPageview(page), toGa4Pageview(page)]) {
        expect(entry).not.toHaveProperty('page_name');
        expect(entry).not.toHaveProperty('node_level_3');
      }
      const purchase = { event: 'purchase', ecommerce: { transaction_id: blank, coupon: blank, value: 5, items: [{ item_id: '42', item_name: blank, item_brand: blank, price: 5, quantity: 1 }] } };
      const legacy = toUaEcommerce(purchase) as { ecommerce: { purchase: { actionField: Record<string, unknown>; products: Record<string, unknown>[] } } };
      expect(legacy.ecommerce.purchase.actionField).not.toHaveProperty('id');
      expect(legacy.ecommerce.purchase.products[0]).not.toHaveProperty('brand');
      const ga4 = toGa4Ecommerce(purchase) as { ecommerce: Record<string, unknown> & { items: Record<string, unknown>[] } };
      expect(ga4.ecommerce).not.toHaveProperty('transaction_id');
      expect(ga4.ecommerce.items[0]).not.toHaveProperty('item_name');
      const exactag = toExactagPayload({ pageData: page, ecommerceEvent: purchase }, ignoreLog);
      for (const field of ['pn', 'oi', 'cp', 'br']) expect(exactag, `${JSON.stringify(blank)} ${field}`).not.toHaveProperty(field);
    }
  });

  it('is absent from the collector\'s and the app\'s copy of the event and its items', () => {
    const event = { event: 'purchase', ecommerce: { coupon: '\u200B', affiliation: '\u200E', value: 5, items: [{ item_id: '42', item_brand: '\u00AD', coupon: '\u200F ' }] }, event_label: 'x\u200By' };
    const payload = toFirstPartyPayload({ page: { url: 'https://www.kaffeeshop.de/' }, consent: { C0003: true, C0004: true }, event }, ignoreLog) as {
      event: Record<string, unknown>;
      items: Record<string, unknown>[];
    };
    expect(payload.event).not.toHaveProperty('coupon');
    expect(payload.event).not.toHaveProperty('affiliation');
    expect(payload.event.event_label).toBe('x\u200By');
    expect(payload.items).toEqual([{ item_id: '42' }]);
  });

  it('while a text with something visible keeps its characters, invisible ones included', () => {
    expect(toUaPageview({ page_type: 'content', page_name: '\u200BKaffee' }).page_name).toBe('\u200BKaffee');
    expect(toGa4Pageview({ page_type: 'content', page_name: 'Çay ☕' }).page_name).toBe('Çay ☕');
  });
});
