import fc from 'fast-check';
import {
  SUBSCRIPTION_FALLBACKS,
  toSubscriptionFields,
} from '../../../../src/domain/tracking/mapping/subscription-info';
import { hasEmptyString, inputOf, oddAnything } from './mapping-arbitraries';

const KEYS = [
  'subscription_type', 'incentive_type', 'subscription_id', 'delivery_interval', 'gift_subscription', 'gift_deliveries',
] as const;

describe("subscription info fallbacks (spec §5: 'none', 'UNKNOWN', 'cfd n/a' or '-')", () => {
  it('fills every missing part with its fallback', () => {
    expect(toSubscriptionFields({})).toEqual({
      subscription_type: 'none',
      incentive_type: 'UNKNOWN',
      subscription_id: 'cfd n/a',
      delivery_interval: '-',
      gift_subscription: '-',
      gift_deliveries: '-',
    });
  });

  it('treats empty strings as missing and keeps given values, false and 0 included', () => {
    expect(
      toSubscriptionFields({
        subscription_type: 'coffee_subscription',
        incentive_type: '',
        subscription_id: 'S-123',
        delivery_interval: 4,
        gift_subscription: false,
        gift_deliveries: 0,
      }),
    ).toEqual({
      subscription_type: 'coffee_subscription',
      incentive_type: 'UNKNOWN',
      subscription_id: 'S-123',
      delivery_interval: 4,
      gift_subscription: false,
      gift_deliveries: 0,
    });
  });

  it('gives the interval and the deliveries as numbers also when pushed as texts, any other text as it is', () => {
    expect(toSubscriptionFields({ delivery_interval: ' 4 ', gift_deliveries: '3' })).toMatchObject({ delivery_interval: 4, gift_deliveries: 3 });
    expect(toSubscriptionFields({ delivery_interval: '4 Wochen', gift_deliveries: true })).toMatchObject({ delivery_interval: '4 Wochen', gift_deliveries: 'true' });
  });

  it('gives no fields at all without subscription info', () => {
    expect(toSubscriptionFields(undefined)).toBeUndefined();
    expect(toSubscriptionFields('coffee')).toBeUndefined();
    expect(toSubscriptionFields([{ subscription_type: 'x' }])).toBeUndefined();
  });

  it('always holds all six parts, none of them empty, for any object', () => {
    fc.assert(
      fc.property(inputOf(KEYS), (input) => {
        const out = toSubscriptionFields(input);
        if (out === undefined) return;
        expect(Object.keys(out).sort()).toEqual(Object.keys(SUBSCRIPTION_FALLBACKS).sort());
        expect(hasEmptyString(out)).toBe(false);
        for (const value of Object.values(out)) expect(value).toBeDefined();
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(fc.property(fc.oneof(oddAnything, fc.object()), (input) => void toSubscriptionFields(input)), { numRuns: 300 });
  });
});
