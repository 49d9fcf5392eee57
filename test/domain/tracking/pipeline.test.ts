import fc from 'fast-check';
import type { Delivery, TrackedEvent } from '../../../src/domain/tracking/deliveries';
import { groupsFromActiveGroupsList, NO_GROUPS, type ConsentGroups } from '../../../src/domain/tracking/consent-groups';
import type { LogEntry } from '../../../src/domain/tracking/log-buffer';
import { createTrackingPipeline, type PipelineOptions } from '../../../src/domain/tracking/pipeline';
import { Warnings } from '../../../src/domain/tracking/warnings';
import { pageFactsAt } from './page-facts-fixture';

const facts = pageFactsAt('/kaffee');

const granted = groupsFromActiveGroupsList(',C0001,C0003,C0004,') ?? NO_GROUPS;

function setup(overrides: Partial<PipelineOptions> = {}) {
  const logs: Omit<LogEntry, 'time'>[] = [];
  const pipeline = createTrackingPipeline({
    facts,
    enabled: { gtm: true, exactag: true, ttruth: false },
    groups: granted,
    log: (level, message, content) => logs.push({ level, message, content }),
    ...overrides,
  });
  return { pipeline, logs };
}

const client = { emitter: 'customer-support-frontend', cot_client_version: '1.0.1' };
const pageData = (extra: Record<string, unknown> = {}): TrackedEvent => ({
  kind: 'InitialPageData',
  data: { page_type: 'content', page_name: 'contact', exactag_site_group: 'Content', ...client, ...extra },
  customerData: null,
});
const custom = (label: string): TrackedEvent => ({
  kind: 'CustomEventData',
  data: { event_category: 'navigation', event_action: 'click', event_label: label, ...client },
});
const ga4Custom = (name: string): TrackedEvent => ({
  kind: 'CustomEventData',
  data: { event_name: name, event_type: 'ga4_event', click_type: 'button', ...client },
});
const events = (deliveries: Delivery[], destination = 'dataLayer') =>
  deliveries.filter((d) => d.destination === destination).map((d) => d.payload.event);

describe('tracking pipeline: one event in, the deliveries of every destination out', () => {
  it('sends the page data as the legacy pageview and the GA4 pageview_ga4, with the client identity', () => {
    const { pipeline } = setup();
    const outcome = pipeline.push(pageData());
    expect(outcome.ok).toBe(true);
    const entries = outcome.deliveries.filter((d) => d.destination === 'dataLayer').map((d) => d.payload);
    expect(entries.map((e) => e.event)).toEqual(['pageview', 'pageview_ga4']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ page_name: 'contact', emitter: 'customer-support-frontend', cot_client_version: '1.0.1' });
    }
  });

  it('tells which pushes still wait: held for the page data, or with a delivery held for consent, until released', () => {
    const { pipeline } = setup({ groups: NO_GROUPS, enabled: { gtm: true, exactag: false, ttruth: true } });
    expect(pipeline.push({ ...custom('early'), ticket: 8 })).toMatchObject({ waiting: true });
    expect(pipeline.waitingTickets()).toEqual(new Set([8]));
    // The page data releases the event: its collector delivery goes, its data-layer entry waits for consent, as the page view's.
    const page = pipeline.push({ ...pageData(), ticket: 16 });
    expect(page).toMatchObject({ waiting: true });
    expect(page.deliveries.map((d) => [d.ticket, d.destination])).toEqual([[16, 'firstParty'], [8, 'firstParty']]);
    expect(pipeline.waitingTickets()).toEqual(new Set([8, 16]));
    expect(pipeline.grantConsent(granted).map((d) => d.ticket)).toEqual([16, 16, 8, 8]);
    expect(pipeline.waitingTickets()).toEqual(new Set());
  });

  it('sends a held affiliate page view as the delivery of the page data that left it waiting, and tells it waits until then', () => {
    const { pipeline } = setup();
    const productView = { ...pageData({ exactag_site_group: 'Product View' }), ticket: 8 };
    expect(pipeline.push(productView)).toMatchObject({ waiting: true, releases: false });
    expect(pipeline.waitingTickets()).toEqual(new Set([8]));
    const next = pipeline.push({ ...pageData({ exactag_site_group: 'Content' }), ticket: 16 });
    expect(next).toMatchObject({ waiting: false, releases: true });
    // The product page's waiting page view first, as its own push's; then the new page's.
    expect(next.deliveries.filter((d) => d.destination === 'exactag').map((d) => d.ticket)).toEqual([8, 16]);
    expect(pipeline.waitingTickets()).toEqual(new Set());
  });

  it('queues custom events pushed before the page data, warns, and releases them in arrival order after it', () => {
    const { pipeline, logs } = setup();
    const first = pipeline.push(custom('a'));
    const second = pipeline.push(ga4Custom('button_click'));
    expect(first).toMatchObject({ ok: true, waiting: true, deliveries: [] });
    expect(second).toMatchObject({ ok: true, waiting: true, deliveries: [] });
    expect(logs.map((l) => l.message)).toContain(Warnings.eventBeforePageData('CustomEventData'));
    const released = pipeline.push(pageData()).deliveries;
    expect(events(released)).toEqual(['pageview', 'pageview_ga4', 'event', 'ga4_event', 'ga4_event']);
    const ga4 = released.filter((d) => d.payload.event === 'ga4_event').map((d) => d.payload.event_name);
    expect(ga4).toEqual(['navigation_click', 'button_click']);
  });

  it('warns about a legacy custom event without category or action with the spec text, and sends nothing (spec §5)', () => {
    const { pipeline, logs } = setup();
    pipeline.push(pageData());
    const outcome = pipeline.push({ kind: 'CustomEventData', data: { event_category: 'navigation' } });
    expect(outcome).toMatchObject({ ok: true, deliveries: [] });
    expect(logs.map((l) => l.message)).toContain(
      'To push a custom event the parameters event_category and event_action are required. At least on of them is absent.',
    );
  });

  it('sends a legacy custom event whose label cannot be read without it, and rejects one whose action is a list', () => {
    const { pipeline } = setup();
    pipeline.push(pageData());
    const sent = pipeline.push({ kind: 'CustomEventData', data: { event_category: 'navigation', event_action: 'click', event_label: {} } });
    expect(events(sent.deliveries)).toEqual(['event', 'ga4_event']);
    expect(pipeline.push({ kind: 'CustomEventData', data: { event_category: 'navigation', event_action: ['a'] } })).toEqual({
      ok: false,
      error: 'event_action must be a text or a number.',
      deliveries: [],
    });
  });

  it('rejects quickbuy values that are neither boolean nor "true"/"false" with the spec text', () => {
    const { pipeline } = setup();
    pipeline.push(pageData());
    const outcome = pipeline.push({
      kind: 'EcommerceEventData',
      data: { event: 'add_to_cart', ecommerce: { items: [{ item_id: '1', quickbuy: 'yes' }] } },
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.error).toContain('The Properties quickbuy and webshop_style have to be passed as boolean');
  });

  it('holds every data-layer push without consent and releases them on a later grant, in order, once', () => {
    const { pipeline, logs } = setup({ groups: NO_GROUPS });
    expect(events(pipeline.push(pageData()).deliveries)).toEqual([]);
    expect(events(pipeline.push(custom('x')).deliveries)).toEqual([]);
    expect(logs.map((l) => l.message)).toContain(Warnings.consentMissing('dataLayer'));
    const released = pipeline.grantConsent(granted);
    expect(events(released)).toEqual(['pageview', 'pageview_ga4', 'event', 'ga4_event']);
    expect(pipeline.grantConsent(granted)).toEqual([]);
  });

  it('says once per push that it waits for consent, though its legacy and GA4 entries both wait', () => {
    const { pipeline, logs } = setup({ groups: NO_GROUPS });
    pipeline.push(pageData());
    pipeline.push(custom('x'));
    pipeline.push(custom('y'));
    expect(logs.filter((l) => l.message === Warnings.consentMissing('dataLayer'))).toHaveLength(3);
  });

  it('sends GA4 e-commerce with quantity 1 by default, and purchase_ga4 only in GA4 form', () => {
    const { pipeline } = setup();
    pipeline.push(pageData());
    const viewItem = pipeline.push({
      kind: 'EcommerceEventData',
      data: { event: 'view_item', ecommerce: { currency: 'EUR', items: [{ item_id: '123', price: '4.99' }] } },
    });
    expect(events(viewItem.deliveries)).toEqual(['ecommerce', 'view_item']);
    const ga4 = viewItem.deliveries.find((d) => d.payload.event === 'view_item')?.payload as { ecommerce: { items: { quantity: number }[] } };
    expect(ga4.ecommerce.items[0]?.quantity).toBe(1);
    const purchase = pipeline.push({
      kind: 'EcommerceEventData',
      data: { event: 'purchase_ga4', ecommerce: { transaction_id: 'T1', value: 10, items: [{ item_id: '1' }] } },
    });
    expect(events(purchase.deliveries)).toEqual(['purchase']);
  });

  it('makes the affiliate page view on a product page wait for view_item and sends both as one call', () => {
    const { pipeline } = setup();
    const page = pipeline.push(pageData({ exactag_site_group: 'Product View' }));
    // No call yet: only the empty payload that has the affiliate script loaded while the page view waits.
    expect(page.deliveries.filter((d) => d.destination === 'exactag').map((d) => d.payload)).toEqual([{}]);
    const view = pipeline.push({ kind: 'EcommerceEventData', data: { event: 'view_item', ecommerce: { items: [{ item_id: '4711' }] } } });
    const exactag = view.deliveries.filter((d) => d.destination === 'exactag').map((d) => d.payload);
    expect(exactag).toEqual([expect.objectContaining({ pt: 'Product View', pd: '4711', cd: 'CAMPAIGN-DE' })]);
  });

  it('does not send the affiliate tracker a call it already got for this page view, but a changed one and the next page view again', () => {
    const { pipeline } = setup();
    const sent = (event: TrackedEvent) =>
      pipeline.push(event).deliveries.filter((d) => d.destination === 'exactag').map((d) => [d.payload.pn, d.payload.pd]);
    const ecommerce = (event: string, ids: string[]): TrackedEvent => ({
      kind: 'EcommerceEventData',
      data: { event, ecommerce: { items: ids.map((item_id) => ({ item_id })) } },
    });
    sent(pageData({ page_name: 'payment', exactag_site_group: 'Checkout_Zahlart' }));
    expect(sent(ecommerce('begin_checkout', ['1']))).toEqual([['payment', undefined]]);
    // The checkout steps of one page view: the same call each time, counted once.
    expect(sent(ecommerce('progress_checkout', ['1']))).toEqual([]);
    expect(sent(ecommerce('reverse_checkout', ['1']))).toEqual([]);
    sent(pageData({ page_name: 'basket', exactag_site_group: 'shopping_basket' }));
    expect(sent(ecommerce('view_cart', ['1', '2']))).toEqual([['basket', '1|2']]);
    // The basket updated with the same products, then with one removed.
    expect(sent(ecommerce('view_cart', ['1', '2']))).toEqual([]);
    expect(sent(ecommerce('view_cart', ['1']))).toEqual([['basket', '1']]);
    // The same page again (a single-page app's navigation back) is a new page view.
    sent(pageData({ page_name: 'basket', exactag_site_group: 'shopping_basket' }));
    expect(sent(ecommerce('view_cart', ['1', '2']))).toEqual([['basket', '1|2']]);
  });

  it("sends a page view left waiting by the next page data as that page's call: the same page pushed again is counted twice", () => {
    const { pipeline } = setup();
    const sent = (event: TrackedEvent) => pipeline.push(event).deliveries.filter((d) => d.destination === 'exactag' && d.payload.pn);
    const payment = pageData({ page_name: 'payment', exactag_site_group: 'Checkout_Zahlart' });
    expect(sent(payment)).toEqual([]);
    // Pushed again before its checkout step (a page back from the back/forward cache): the first view goes alone.
    expect(sent(payment)).toHaveLength(1);
    expect(sent({ kind: 'EcommerceEventData', data: { event: 'begin_checkout', ecommerce: { items: [] } } })).toHaveLength(1);
  });

  it('tracks a consent-free cashback partner on the order confirmation without consent, and nothing else', () => {
    const { pipeline } = setup({ groups: NO_GROUPS, facts: { ...facts, cashbackPartner: 'loyalty-cashback-partner' } });
    pipeline.push(pageData({ exactag_site_group: 'Order Confirmation' }));
    const purchase = pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase', ecommerce: { transaction_id: 'T9', value: 20, items: [{ item_id: '1' }] } } });
    expect(purchase.deliveries.map((d) => d.destination)).toEqual(['exactag']);
    expect(purchase.deliveries[0]?.payload).toMatchObject({ pt: 'Order Confirmation', oi: 'T9', ov: '20.00' });
  });

  it('sends a consent-free cashback partner no call without consent that carries neither an order nor a lead (its confirmation or lead page seen again)', () => {
    const { pipeline } = setup({ groups: NO_GROUPS, facts: { ...facts, cashbackPartner: 'loyalty-cashback-partner' } });
    const pushes = [
      pageData({ exactag_site_group: 'Order Confirmation' }),
      pageData({ exactag_site_group: 'Homepage' }),
      pageData({ exactag_site_group: 'Lead' }),
      pageData({ exactag_site_group: 'Homepage' }),
    ].map((event) => pipeline.push(event));
    expect(pushes.flatMap((result) => result.deliveries).filter((d) => d.destination === 'exactag' && d.payload.pt !== undefined)).toEqual([]);
    // They wait for consent, as every other page's calls do.
    const granted = pipeline.grantConsent(groupsFromActiveGroupsList(',C0001,C0004,') ?? NO_GROUPS).filter((d) => d.destination === 'exactag');
    expect(granted.map((d) => d.payload.pt)).toEqual(['Order Confirmation', 'Homepage', 'Lead', 'Homepage']);
  });

  it("sends a consent-free cashback partner's order pushed right before its confirmation page data (a single-page shop) once that page comes", () => {
    const { pipeline } = setup({ groups: NO_GROUPS, facts: { ...facts, cashbackPartner: 'loyalty-cashback-partner' } });
    pipeline.push(pageData({ exactag_site_group: 'Checkout_Lastcheck' }));
    const purchase = pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase', ecommerce: { transaction_id: 'T7', value: 19.98, items: [{ item_id: '1' }] } } });
    // Under the checkout page, which is not consent-free, the order waits for consent.
    expect(purchase.deliveries.filter((d) => d.destination === 'exactag')).toEqual([]);
    const confirmation = pipeline.push(pageData({ exactag_site_group: 'Order Confirmation' }));
    // With the checkout page's view it waited in (its call; the confirmation's view waits for its order).
    const calls = confirmation.deliveries.filter((d) => d.destination === 'exactag' && d.payload.pt !== undefined);
    expect(calls.map((d) => [d.payload.pt, d.payload.oi])).toEqual([['Checkout_Lastcheck', 'T7']]);
    // Once: a grant later does not send it again.
    expect(pipeline.grantConsent(groupsFromActiveGroupsList(',C0001,C0004,') ?? NO_GROUPS).filter((d) => d.payload.oi !== undefined)).toEqual([]);
  });

  it('sends one order once to the affiliate tracker when it is pushed as purchase and then as purchase_ga4', () => {
    const { pipeline } = setup();
    pipeline.push(pageData({ page_type: 'checkout', page_name: 'thanks', exactag_site_group: 'Order Confirmation' }));
    const order = { currency: 'EUR', value: 50, transaction_id: 'ORD-1', items: [{ item_id: '1', price: 50, quantity: 1 }] };
    const legacy = pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase', ecommerce: order } });
    const ga4 = pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase_ga4', ecommerce: order } });
    const exactag = [...legacy.deliveries, ...ga4.deliveries].filter((d) => d.destination === 'exactag').map((d) => d.payload.oi);
    expect(exactag).toEqual(['ORD-1']);
    expect(events(ga4.deliveries)).toEqual(['purchase']);
    const other = pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase_ga4', ecommerce: { ...order, transaction_id: 'ORD-2' } } });
    expect(other.deliveries.filter((d) => d.destination === 'exactag').map((d) => d.payload.oi)).toEqual(['ORD-2']);
  });

  it('sends one lead once to the affiliate tracker: the lead page view and lead data with its id count it', () => {
    const { pipeline } = setup();
    const lead = (id: string): TrackedEvent => ({ kind: 'LeadData', data: { lead_id: id, lead_value: 5, exactag_level: 1 } });
    const sent = (outcomes: { deliveries: Delivery[] }[]) =>
      outcomes.flatMap((o) => o.deliveries).filter((d) => d.destination === 'exactag').map((d) => d.payload.li);
    const page = pipeline.push(pageData({ page_type: 'lead', page_name: 'thanks', exactag_site_group: 'Lead', lead_id: 'LEAD-1', lead_value: 5 }));
    expect(sent([page, pipeline.push(lead('LEAD-1')), pipeline.push(lead(' LEAD-1 ')), pipeline.push(lead('LEAD-2'))])).toEqual(['LEAD-1', 'LEAD-2']);
    // The data layer still receives every lead event: only the affiliate conversion is counted once.
    expect(events(pipeline.push(lead('LEAD-2')).deliveries)).toEqual(['lead']);
  });

  it('e-commerce events on a lead or home page reach the data layer but add no affiliate call: the lead and the page view count once', () => {
    const items = [{ item_id: '123456789', price: 5, quantity: 1 }];
    const ecommerce = (event: string): TrackedEvent => ({ kind: 'EcommerceEventData', data: { event, ecommerce: { currency: 'EUR', value: 5, items } } });
    for (const group of ['Lead', 'Homepage']) {
      const { pipeline } = setup();
      const outcomes = [
        pipeline.push(pageData({ page_type: 'lead', page_name: 'thanks', exactag_site_group: group, lead_id: 'NL-7', lead_value: 5 })),
        ...['add_to_cart', 'add_to_wishlist', 'view_item'].map((event) => pipeline.push(ecommerce(event))),
      ];
      const affiliate = outcomes.flatMap((o) => o.deliveries).filter((d) => d.destination === 'exactag');
      expect(affiliate.map((d) => d.payload.pt)).toEqual([group]);
      // Legacy and GA4 entries (the wishlist has no legacy form).
      expect(outcomes.slice(1).map((o) => events(o.deliveries).length)).toEqual([2, 1, 2]);
    }
  });

  it('an order pushed on a checkout page reaches Exactag once; its GA4 form on the order confirmation after it is not sent again', () => {
    const { pipeline } = setup();
    const order = { currency: 'EUR', value: 20, transaction_id: 'T1', items: [{ item_id: '123456789', price: 20, quantity: 1 }] };
    const affiliate = (outcome: { deliveries: Delivery[] }) => outcome.deliveries.filter((d) => d.destination === 'exactag').map((d) => d.payload);
    pipeline.push(pageData({ page_type: 'checkout', page_name: 'last check', exactag_site_group: 'Checkout_Lastcheck' }));
    // A single-page app's confirmation component pushed the order before its route's page data: the
    // order goes under the page before, with its data.
    expect(affiliate(pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase', ecommerce: order } }))).toEqual([
      expect.objectContaining({ pt: 'Checkout_Lastcheck', oi: 'T1', ov: '20.00', cu: 'EUR', pd: '123456789' }),
    ]);
    pipeline.push(pageData({ page_type: 'checkout', page_name: 'thanks', exactag_site_group: 'Order Confirmation' }));
    // The confirmation's page view waited for the order: it goes now, without the order sent before.
    const confirmation = affiliate(pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase_ga4', ecommerce: order } }));
    expect(confirmation).toEqual([expect.objectContaining({ pt: 'Order Confirmation', pn: 'thanks' })]);
    expect(confirmation[0]).not.toHaveProperty('oi');
    // Another order after a navigation away from the confirmation still counts.
    pipeline.push(pageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Homepage' }));
    expect(affiliate(pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase_ga4', ecommerce: { ...order, transaction_id: 'T2' } } }))).toHaveLength(1);
  });

  it('an order on a lead page goes to Exactag with its order, without counting the page\'s lead again', () => {
    const { pipeline } = setup();
    const sent = (outcome: { deliveries: Delivery[] }) => outcome.deliveries.filter((d) => d.destination === 'exactag').map((d) => d.payload);
    expect(sent(pipeline.push(pageData({ page_type: 'lead', page_name: 'thanks', exactag_site_group: 'Lead', lead_id: 'NL-1', lead_value: 5 })))).toEqual([
      expect.objectContaining({ li: 'NL-1' }),
    ]);
    const order = sent(pipeline.push({ kind: 'EcommerceEventData', data: { event: 'purchase', ecommerce: { currency: 'EUR', value: 9, transaction_id: 'T9', items: [] } } }));
    expect(order).toEqual([expect.objectContaining({ pt: 'Lead', oi: 'T9' })]);
    expect(order[0]).not.toHaveProperty('li');
  });

  it.each([{}, { lead_value: '' }])('lead data %j on a page with a lead id is that lead at Exactag too, once', (data) => {
    const { pipeline } = setup();
    pipeline.push(pageData({ page_type: 'content', page_name: 'newsletter', lead_id: 'NL-1', lead_value: 7 }));
    const sent = (outcome: { deliveries: Delivery[] }) =>
      outcome.deliveries.filter((d) => d.destination === 'exactag').map((d) => [d.payload.li, d.payload.lv]);
    expect(sent(pipeline.push({ kind: 'LeadData', data }))).toEqual([['NL-1', '7.00']]);
    expect(sent(pipeline.push({ kind: 'LeadData', data: { lead_id: 'NL-1' } }))).toEqual([]);
  });

  it('lead data is one lead: its own id with its own value, or the page\'s lead, counted once with it', () => {
    const { pipeline } = setup();
    const sent = (outcome: { deliveries: Delivery[] }) =>
      outcome.deliveries.filter((d) => d.destination === 'exactag').map((d) => [d.payload.li, d.payload.lv]);
    expect(sent(pipeline.push(pageData({ page_type: 'lead', page_name: 'thanks', exactag_site_group: 'Lead', lead_id: 'L1', lead_value: 12.5 })))).toEqual([
      ['L1', '12.50'],
    ]);
    // Another lead: never the page's value.
    expect(sent(pipeline.push({ kind: 'LeadData', data: { lead_id: 'L2' } }))).toEqual([['L2', undefined]]);
    // No id of its own (or a blank one): the page's lead, already counted by the page view.
    expect(sent(pipeline.push({ kind: 'LeadData', data: { lead_value: 7 } }))).toEqual([]);
    expect(sent(pipeline.push({ kind: 'LeadData', data: { lead_id: ' ', lead_value: 7 } }))).toEqual([]);
  });

  it('lead data without an id is the page\'s lead in the data layer too: its id, its value unless the lead data gives one', () => {
    const { pipeline } = setup();
    const leadEntry = (data: Record<string, unknown>) =>
      pipeline.push({ kind: 'LeadData', data }).deliveries.filter((d) => d.destination === 'dataLayer').map((d) => d.payload)[0];
    pipeline.push(pageData({ page_type: 'lead', page_name: 'thanks', exactag_site_group: 'Lead', lead_id: 'NL-1', lead_value: '7,5' }));
    expect(leadEntry({})).toMatchObject({ event: 'lead', lead_id: 'NL-1', lead_value: 7.5, lead_total_price: '7.50' });
    expect(leadEntry({ lead_id: ' ', lead_value: 3 })).toMatchObject({ lead_id: 'NL-1', lead_value: 3, lead_total_price: '3.00' });
    // Another lead: its own id, never the page's value.
    const other = leadEntry({ lead_id: 'NL-2' });
    expect(other).toMatchObject({ lead_id: 'NL-2' });
    expect(other).not.toHaveProperty('lead_value');
  });

  it('lead data with a blank id on a page that is no lead page is the page\'s lead, sent once with its id', () => {
    const { pipeline } = setup();
    const sent = (outcome: { deliveries: Delivery[] }) =>
      outcome.deliveries.filter((d) => d.destination === 'exactag').map((d) => [d.payload.li, d.payload.lv]);
    pipeline.push(pageData({ page_type: 'content', page_name: 'newsletter', lead_id: 'L1', lead_value: 12.5 }));
    expect(sent(pipeline.push({ kind: 'LeadData', data: { lead_id: ' ', lead_value: 3 } }))).toEqual([['L1', '3.00']]);
    expect(sent(pipeline.push({ kind: 'LeadData', data: {} }))).toEqual([]);
  });

  it('lead data without an id on a page that names no lead is no lead: nothing is sent, and the log says why', () => {
    const { pipeline, logs } = setup();
    pipeline.push(pageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Homepage' }));
    for (const data of [{}, { lead_value: 5 }, { lead_id: ' ', exactag_level: 2 }]) {
      const outcome = pipeline.push({ kind: 'LeadData', data });
      expect(outcome).toMatchObject({ ok: true, deliveries: [] });
    }
    expect(logs.filter((l) => l.message === 'LeadData has no lead_id, and the page data names no lead either: nothing is sent.')).toHaveLength(3);
    // With an id it is a lead.
    expect(events(pipeline.push({ kind: 'LeadData', data: { lead_id: 'NL-3' } }).deliveries)).toEqual(['lead']);
  });

  it('lead data without an id pushed before the page data counts the lead that page data names', () => {
    const { pipeline, logs } = setup();
    expect(pipeline.push({ kind: 'LeadData', data: { lead_value: 4 } })).toMatchObject({ ok: true, waiting: true });
    const released = pipeline.push(pageData({ page_type: 'content', page_name: 'newsletter', lead_id: 'NL-4' }));
    expect(released.deliveries.filter((d) => d.destination === 'dataLayer' && d.payload.event === 'lead').map((d) => d.payload.lead_id)).toEqual(['NL-4']);
    expect(logs.some((l) => l.message.startsWith('LeadData has no lead_id'))).toBe(false);
  });

  it('in app context sends to the app bridge only', () => {
    const { pipeline } = setup({ facts: { ...facts, appContext: true } });
    const destinations = [pipeline.push(pageData()), pipeline.push(custom('x'))].flatMap((o) => o.deliveries.map((d) => d.destination));
    expect(destinations).toEqual(['appBridge', 'appBridge']);
  });

  it('sends a product-source event pushed before any page data at once (it does not wait), to every enabled destination', () => {
    const source: TrackedEvent = { kind: 'ProductSourceEventData', data: { webshop_product_id: '123456789', ...client } };
    const web = setup({ enabled: { gtm: true, exactag: true, ttruth: true } }).pipeline.push(source);
    expect(web).toMatchObject({ ok: true, waiting: false });
    expect(web.deliveries.map((d) => d.destination)).toEqual(['firstParty']);
    const app = setup({ facts: { ...facts, appContext: true } }).pipeline.push(source);
    expect(app.deliveries.map((d) => [d.destination, d.payload.event_name])).toEqual([['appBridge', 'product_source']]);
  });

  it('routes by the page as read again once parsed: its app context sends a product source and the page to the app bridge only', () => {
    const source: TrackedEvent = { kind: 'ProductSourceEventData', data: { webshop_product_id: '123456789', ...client } };
    const { pipeline } = setup({ enabled: { gtm: true, exactag: true, ttruth: true } });
    pipeline.pageRead({ ...facts, appContext: true });
    const destinations = [pipeline.push(source), pipeline.push(pageData())].flatMap((o) => o.deliveries.map((d) => d.destination));
    expect(destinations).toEqual(['appBridge', 'appBridge']);
  });

  it('skips a tracker the page scope excludes, with a warning', () => {
    const { pipeline, logs } = setup();
    const outcome = pipeline.push(pageData({ scope: ['exactag'] }));
    expect(outcome.deliveries.map((d) => d.destination)).toEqual(['exactag']);
    expect(logs.map((l) => l.message)).toContain(Warnings.pageScopeExcludes('gtm'));
  });

  it('keeps a page scope with a missing entry (a template null) restricting: the entry is left out, not the scope', () => {
    const { pipeline } = setup();
    const outcome = pipeline.push(pageData({ scope: ['exactag', null] }));
    expect(outcome.deliveries.map((d) => d.destination)).toEqual(['exactag']);
  });

  it('sends a text list with a missing or unreadable entry without that entry, not without the list', () => {
    const { pipeline, logs } = setup();
    const outcome = pipeline.push(pageData({ avl_shipping_methods: ['dhl', null, 'hermes', { name: 'ups' }] }));
    const ga4 = outcome.deliveries.find((d) => d.destination === 'dataLayer' && d.payload.event === 'pageview_ga4');
    expect(ga4?.payload.avl_shipping_methods).toBe('dhl|hermes');
    // A null is an empty template field; a value of another kind is named.
    expect(logs.map((l) => l.message).filter((m) => m.includes('avl_shipping_methods'))).toEqual([
      'The value of avl_shipping_methods.3 is not a valid text and is treated as absent.',
    ]);
  });

  it('sends an item list with a missing entry (a product the template dropped), the products after it keeping their positions', () => {
    const { pipeline, logs } = setup();
    pipeline.push(pageData());
    const outcome = pipeline.push({ kind: 'ItemListData', data: { items: [{ item_id: '1' }, null, { item_id: '3' }], list_page_number: 2, max_items_per_page: 24 } });
    expect(outcome.ok).toBe(true);
    const ga4 = outcome.deliveries.find((d) => d.destination === 'dataLayer' && d.payload.event === 'view_item_list');
    const items = (ga4?.payload.ecommerce as { items: { item_id: string; index: number }[] }).items;
    expect(items.map((item) => [item.item_id, item.index])).toEqual([['1', 25], ['3', 27]]);
    expect(logs.map((l) => l.message)).toContain('The value of items.1 is not a valid product id and is treated as absent.');
  });

  it('warns about a site group none of the known ones (a typo loses the rules of its group), not about known ones in any case', () => {
    const { pipeline, logs } = setup();
    pipeline.push(pageData({ exactag_site_group: 'Order_Confirmation' }));
    pipeline.push(pageData({ exactag_site_group: ' order confirmation ' }));
    pipeline.push(pageData({ exactag_site_group: 'Product View' }));
    // A sign a reader cannot see is named: the text would look like a known group.
    pipeline.push(pageData({ exactag_site_group: 'Product\u00a0View' }));
    expect(logs.map((l) => l.message).filter((m) => m.includes('site group'))).toEqual([
      'The exactag_site_group "Order_Confirmation" is none of the known site groups: no rule of a group applies to this page.',
      'The exactag_site_group "Product\\u00a0View" is none of the known site groups: no rule of a group applies to this page.',
    ]);
  });

  it('warns about a scope entry that names no tracker, which still restricts the page', () => {
    const { pipeline, logs } = setup();
    expect(pipeline.push(pageData({ scope: 'gmt, exactag' })).deliveries.map((d) => d.destination)).toEqual(['exactag']);
    expect(logs.map((l) => l.message)).toContain('The page scope names "gmt", which is no tracker (gtm, exactag, ttruth, app).');
  });

  it('sends the first-party collector every event with the person id noConsent and no personal field without statistics consent', () => {
    const customerData = {
      tracking: { loginStatus: 'LOGGED_IN' },
      customer: { age: 40, anonymousZip: '20', identifiers: { partnerGuid: 'G1' }, email: { base64: 'eA==', sha256: 'abc' } },
    };
    const withData: TrackedEvent = { ...pageData(), customerData };
    for (const groups of [NO_GROUPS, groupsFromActiveGroupsList(',C0001,C0004,') ?? NO_GROUPS]) {
      const { pipeline } = setup({ enabled: { gtm: false, exactag: false, ttruth: true }, groups });
      const out = [pipeline.push(withData), pipeline.push(custom('x'))].flatMap((o) => o.deliveries);
      expect(out.map((d) => d.destination)).toEqual(['firstParty', 'firstParty']);
      for (const d of out) {
        expect(d.payload).toMatchObject({ customer: { person_id: 'noConsent' } });
        for (const secret of ['G1', 'eA==', 'abc', '"age"', '"20"']) expect(JSON.stringify(d.payload)).not.toContain(secret);
      }
    }
    const consented = setup({ enabled: { gtm: false, exactag: false, ttruth: true } }).pipeline.push(withData).deliveries[0];
    expect(JSON.stringify(consented?.payload)).toContain('G1');
  });

  it("sends the collector an order's corporate-benefits user key only with statistics consent: without, the person is not named by it", () => {
    const order: TrackedEvent = {
      kind: 'EcommerceEventData',
      data: { event: 'purchase', user_key: 'CB-USER-4711', ecommerce: { transaction_id: 'T1', coupon_types: ['corporate_benefits'], items: [{ item_id: '1' }] } },
    };
    const collected = (groups: ConsentGroups) => {
      const { pipeline } = setup({ enabled: { gtm: false, exactag: false, ttruth: true }, groups });
      pipeline.push(pageData());
      return pipeline.push(order).deliveries.find((d) => d.destination === 'firstParty')?.payload;
    };
    for (const groups of [NO_GROUPS, groupsFromActiveGroupsList(',C0001,C0004,') ?? NO_GROUPS]) {
      const payload = collected(groups);
      expect(payload).toMatchObject({ event_name: 'purchase', event: { event: 'purchase' } });
      expect(JSON.stringify(payload)).not.toContain('CB-USER-4711');
    }
    expect(collected(granted)).toMatchObject({ event: { user_key: 'CB-USER-4711' } });
  });

  it("sends the collector the customer's tracking fields with statistics consent, as the data layer gets them, and none without", () => {
    const customerData = {
      tracking: { loginStatus: 'REMEMBERED', customerTypes: ['coffee', 'nonfood'], channelCode: 'WEB', customerValueSegments: { overall: 'A' } },
      customer: { identifiers: { partnerGuid: 'G1' } },
    };
    const collected = (groups = granted) =>
      setup({ enabled: { gtm: false, exactag: false, ttruth: true }, groups }).pipeline.push({ ...pageData(), customerData }).deliveries[0]?.payload.customer;
    expect(collected()).toEqual({
      login_status: 'REMEMBERED',
      customer_types: 'coffee|nonfood',
      channel_code: 'WEB',
      customer_value_segment_overall: 'A',
      partnerGuid: 'G1',
      person_id: 'G1',
      // The service named no salutation and no card status.
      salutation: 'not defined',
      gender: 'not defined',
      memberStatus: 'not defined',
    });
    expect(collected(NO_GROUPS)).toEqual({ person_id: 'noConsent' });
  });

  it('sends no partner GUID as person id for a visitor who is not logged in, even with consent (spec §6)', () => {
    for (const loginStatus of ['LOGGED_OUT', 'KNOWN', undefined]) {
      const customerData = { tracking: { loginStatus }, customer: { identifiers: { partnerGuid: 'G1' } } };
      const { pipeline } = setup({ enabled: { gtm: false, exactag: false, ttruth: true } });
      const payload = pipeline.push({ ...pageData(), customerData }).deliveries[0]?.payload;
      expect(payload?.event_name).toBe('pageview');
      expect(JSON.stringify(payload)).not.toContain('G1');
    }
  });

  it('names every first-party event, as the app bridge does', () => {
    const { pipeline } = setup({ enabled: { gtm: false, exactag: false, ttruth: true } });
    const names = [
      pageData(),
      custom('legacy'),
      ga4Custom('link_click'),
      { kind: 'EcommerceEventData', data: { event: 'add_to_cart', ecommerce: { items: [{ item_id: '1' }] } } },
      { kind: 'ItemListData', data: { items: ['1'] } },
      { kind: 'LeadData', data: { lead_id: 'L1' } },
      { kind: 'ProductSourceEventData', data: { webshop_product_id: '1' } },
    ].map((event) => pipeline.push(event as TrackedEvent).deliveries[0]?.payload.event_name);
    expect(names).toEqual(['pageview', 'custom_event', 'link_click', 'add_to_cart', 'item_list', 'lead', 'product_source']);
  });

  it('warns about the required parameters of a search result page for the data layer', () => {
    const { pipeline, logs } = setup();
    pipeline.push(pageData({ exactag_site_group: 'Suchergebnisseite', number_of_product_results: 3 }));
    const messages = logs.map((l) => l.message);
    for (const parameter of ['number_of_available_product_results', 'internal_search_fallback', 'internal_search_campaign']) {
      expect(messages).toContain(Warnings.requiredParameterMissing(parameter, 'Suchergebnisseite', 'dataLayer'));
    }
  });

  it('delivers every pushed event exactly once and in push order, wherever the page data and the grant fall', () => {
    const step = fc.oneof(
      // Labels without white space around them: the mappers trim texts ('toText').
      fc.record({ type: fc.constant('custom' as const), label: fc.string({ minLength: 1, maxLength: 8 }).map((label) => label.trim() || 'x') }),
      fc.constant({ type: 'page' as const, label: '' }),
      fc.constant({ type: 'grant' as const, label: '' }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { pipeline } = setup({ groups: NO_GROUPS });
        const out: Delivery[] = [];
        let pageSeen = false;
        let grantSeen = false;
        const pushed: string[] = [];
        steps.forEach((s, i) => {
          if (s.type === 'page') {
            pageSeen = true;
            out.push(...pipeline.push(pageData({ page_name: `p${i}` })).deliveries);
          } else if (s.type === 'grant') {
            grantSeen = true;
            out.push(...pipeline.grantConsent(granted));
          } else {
            pushed.push(`${s.label}#${i}`);
            out.push(...pipeline.push(custom(`${s.label}#${i}`)).deliveries);
          }
        });
        const legacy = out.filter((d) => d.payload.event === 'event').map((d) => d.payload.event_label);
        const expected = pageSeen && grantSeen ? pushed : [];
        expect(legacy).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws and never delivers an empty string, whatever is pushed', () => {
    const kinds = ['InitialPageData', 'EcommerceEventData', 'CustomEventData', 'ItemListData', 'ProductSourceEventData', 'LeadData'] as const;
    const hasEmpty = (v: unknown): boolean =>
      v === '' || (v !== null && typeof v === 'object' && Object.values(v).some(hasEmpty));
    fc.assert(
      fc.property(fc.array(fc.record({ kind: fc.constantFrom(...kinds), data: fc.anything() }), { maxLength: 12 }), (pushes) => {
        const { pipeline } = setup({ enabled: { gtm: true, exactag: true, ttruth: true } });
        for (const event of pushes) {
          const outcome = pipeline.push(event);
          for (const d of outcome.deliveries) expect(hasEmpty(d.payload)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
