/** The subscription info parts of spec §3, with the fallbacks of spec §5, as flat GA4 parameters. */
import { asRecord, toText } from './clean';
import { toScalar } from './values';

/** The flat subscription fields a GA4 payload carries. */
export interface SubscriptionFields {
  readonly subscription_type: string;
  readonly incentive_type: string;
  readonly subscription_id: string;
  readonly delivery_interval: string | number;
  readonly gift_subscription: string | number | boolean;
  readonly gift_deliveries: string | number;
}

/** Fallbacks for missing parts ("Missing subscription info parts fall back to 'none', 'UNKNOWN', 'cfd n/a' or '-'"). */
export const SUBSCRIPTION_FALLBACKS = {
  subscription_type: 'none',
  incentive_type: 'UNKNOWN',
  subscription_id: 'cfd n/a',
  delivery_interval: '-',
  gift_subscription: '-',
  gift_deliveries: '-',
} as const satisfies SubscriptionFields;

const numberOrText = (value: unknown): string | number | undefined => {
  const scalar = toScalar(value);
  return typeof scalar === 'boolean' ? String(scalar) : scalar;
};

/**
 * Maps `subscription_info` to flat fields, each missing part replaced by its fallback.
 * Without subscription info at all (absent, or not an object) there are no subscription fields.
 */
export function toSubscriptionFields(subscriptionInfo: unknown): SubscriptionFields | undefined {
  if (subscriptionInfo === null || typeof subscriptionInfo !== 'object' || Array.isArray(subscriptionInfo)) {
    return undefined;
  }
  const info = asRecord(subscriptionInfo);
  return {
    subscription_type: toText(info.subscription_type) ?? SUBSCRIPTION_FALLBACKS.subscription_type,
    incentive_type: toText(info.incentive_type) ?? SUBSCRIPTION_FALLBACKS.incentive_type,
    subscription_id: toText(info.subscription_id) ?? SUBSCRIPTION_FALLBACKS.subscription_id,
    delivery_interval: numberOrText(info.delivery_interval) ?? SUBSCRIPTION_FALLBACKS.delivery_interval,
    gift_subscription: toScalar(info.gift_subscription) ?? SUBSCRIPTION_FALLBACKS.gift_subscription,
    gift_deliveries: numberOrText(info.gift_deliveries) ?? SUBSCRIPTION_FALLBACKS.gift_deliveries,
  };
}
