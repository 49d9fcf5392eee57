import {
  Ga4CustomEventSchema,
  LegacyCustomEventSchema,
  isLegacyCustomEvent,
} from '../../../../src/domain/tracking/entities/custom-event';

describe('custom event schemas', () => {
  it('legacy form needs event_category and event_action', () => {
    expect(LegacyCustomEventSchema.safeParse({ event_category: 'navigation', event_action: 'click' }).success).toBe(true);
    expect(LegacyCustomEventSchema.safeParse({ event_category: 'navigation' }).success).toBe(false);
    expect(LegacyCustomEventSchema.safeParse({ event_category: 'navigation', event_action: '' }).success).toBe(false);
  });

  it('GA4 form accepts subscription_info subfields and cs_* fields as strings or numbers', () => {
    const event = {
      event_name: 'button_click',
      event_type: 'ga4_event',
      subscription_info: { subscription_type: 'coffee', delivery_interval: '4 weeks', gift_subscription: 'true' },
      cs_quantity: '3',
      cs_product_value: 19.99,
      cs_order_id: 98765,
      partner_purchase_value: '10',
    };
    expect(Ga4CustomEventSchema.safeParse(event).success).toBe(true);
    expect(Ga4CustomEventSchema.safeParse({ click_type: 'button' }).success).toBe(false);
  });

  it('isLegacyCustomEvent: category or action present and no event_name', () => {
    expect(isLegacyCustomEvent({ event_category: 'form' })).toBe(true);
    expect(isLegacyCustomEvent({ event_action: 'submit' })).toBe(true);
    expect(isLegacyCustomEvent({ event_category: 'form', event_name: 'form_interaction' })).toBe(false);
    expect(isLegacyCustomEvent({ event_name: 'login' })).toBe(false);
    expect(isLegacyCustomEvent(null)).toBe(false);
    expect(isLegacyCustomEvent('event_category')).toBe(false);
  });
});
