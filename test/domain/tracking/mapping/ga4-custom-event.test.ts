import fc from 'fast-check';
import { GA4_CUSTOM_EVENT } from '../../../../src/domain/tracking/entities/fields';
import { toGa4CustomEvent } from '../../../../src/domain/tracking/mapping/ga4-custom-event';
import { hasEmptyString, inputOf, oddAnything } from './mapping-arbitraries';

const KEYS = Object.keys(GA4_CUSTOM_EVENT);

describe("GA4 custom event { event: 'ga4_event', event_name, ...fields }", () => {
  it('maps the GA4 form with numbers parsed and empty strings removed', () => {
    expect(
      toGa4CustomEvent({
        event_type: 'ga4_event',
        event_name: 'button_click',
        click_type: 'cta',
        click_target: 'add_to_basket',
        origin: '',
        partner_purchase_value: '19,99',
        cs_quantity: '3',
        cs_order_id: 700123,
      }),
    ).toEqual({
      event: 'ga4_event',
      event_name: 'button_click',
      click_type: 'cta',
      click_target: 'add_to_basket',
      partner_purchase_value: 19.99,
      cs_quantity: 3,
      cs_order_id: '700123',
    });
  });

  it("flattens subscription_info with the fallbacks 'none', 'UNKNOWN', 'cfd n/a' and '-'", () => {
    expect(toGa4CustomEvent({ event_name: 'form_interaction', subscription_info: { subscription_id: 'A-1', gift_subscription: true } })).toEqual({
      event: 'ga4_event',
      event_name: 'form_interaction',
      subscription_type: 'none',
      incentive_type: 'UNKNOWN',
      subscription_id: 'A-1',
      delivery_interval: '-',
      gift_subscription: true,
      gift_deliveries: '-',
    });
  });

  it("maps the event as 'ga4_event' whatever event_type it carries (validation warns about another one)", () => {
    expect(toGa4CustomEvent({ event_type: 'ua_event', event_name: 'login' })).toEqual({ event: 'ga4_event', event_name: 'login' });
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(
      fc.property(fc.oneof(oddAnything, fc.object()), (input) => {
        expect(toGa4CustomEvent(input).event).toBe('ga4_event');
      }),
      { numRuns: 400 },
    );
  });

  it('never contains an empty string at any depth', () => {
    fc.assert(
      fc.property(inputOf(KEYS, { subscription_info: inputOf(['subscription_type', 'incentive_type', 'subscription_id']) }), (input) => {
        expect(hasEmptyString(toGa4CustomEvent(input))).toBe(false);
      }),
      { numRuns: 400 },
    );
  });
});
