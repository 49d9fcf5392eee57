import fc from 'fast-check';
import type { LogLevel } from '../../../../src/domain/tracking/log-buffer';
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

  it("warns when event_type is not 'ga4_event' and still maps the event", () => {
    const logged: [LogLevel, string][] = [];
    const out = toGa4CustomEvent({ event_type: 'ua_event', event_name: 'login' }, (level, message) => void logged.push([level, message]));
    expect(out).toEqual({ event: 'ga4_event', event_name: 'login' });
    expect(logged).toEqual([[5, 'event_type has to be "ga4_event" but was "ua_event".']]);
  });

  it('does not warn without an event_type', () => {
    const logged: string[] = [];
    toGa4CustomEvent({ event_name: 'search' }, (_level, message) => void logged.push(message));
    expect(logged).toEqual([]);
  });

  it('never throws on arbitrary input (fc.anything and fc.object)', () => {
    fc.assert(
      fc.property(fc.oneof(oddAnything, fc.object()), (input) => {
        expect(toGa4CustomEvent(input, () => undefined).event).toBe('ga4_event');
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
