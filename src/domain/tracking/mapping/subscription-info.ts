/** The subscription info parts of spec §3, with the fallbacks of spec §5, as flat GA4 parameters. */
import { isRecord, toCount, toNumber, toText } from './clean';
import { toFlagOrScalar, toScalar } from './values';

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

/** A number, also one given as a text ('3' as 3, as every other number field); any other text as it is. */
const numberOrText = (value: unknown, read: (value: unknown) => number | undefined = toNumber): string | number | undefined => {
  const number = typeof value === 'boolean' ? undefined : read(value);
  if (number !== undefined) return number;
  const scalar = toScalar(value);
  return typeof scalar === 'boolean' ? String(scalar) : scalar;
};

/** How each part is read: the ids and types as texts, the interval and deliveries as numbers or texts. */
const READERS: Readonly<Record<keyof SubscriptionFields, (value: unknown) => string | number | boolean | undefined>> = {
  subscription_type: toText,
  incentive_type: toText,
  subscription_id: toText,
  delivery_interval: numberOrText,
  gift_subscription: toFlagOrScalar,
  gift_deliveries: (value) => numberOrText(value, toCount),
};

/**
 * Adds `subscription_info` to `out` as flat fields, each missing part replaced by its fallback.
 * Without subscription info at all (absent, or not an object) nothing is added. Returns `out`.
 */
export function putSubscriptionFields<T extends Record<string, unknown>>(out: T, subscriptionInfo: unknown): T {
  if (!isRecord(subscriptionInfo)) return out;
  for (const key of Object.keys(READERS)) {
    const part = key as keyof SubscriptionFields;
    (out as Record<string, unknown>)[part] = READERS[part](subscriptionInfo[part]) ?? SUBSCRIPTION_FALLBACKS[part];
  }
  return out;
}

/** `subscription_info` as flat fields with fallbacks; `undefined` without subscription info. */
export function toSubscriptionFields(subscriptionInfo: unknown): SubscriptionFields | undefined {
  const fields = putSubscriptionFields({}, subscriptionInfo);
  return Object.keys(fields).length > 0 ? (fields as unknown as SubscriptionFields) : undefined;
}
