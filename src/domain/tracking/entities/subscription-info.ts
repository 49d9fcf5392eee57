import * as z from 'zod/mini';
import { Boolish, Numeric, Text, opt } from './lenient';

/** Coffee-subscription details, sent with the initial page data and with GA4 custom events (spec §3). */
export const SubscriptionInfoSchema = z.looseObject({
  subscription_type: opt(Text),
  incentive_type: opt(Text),
  subscription_id: opt(Text),
  delivery_interval: opt(Text),
  gift_subscription: opt(z.union([Boolish, Text])),
  gift_deliveries: opt(Numeric),
});
export type SubscriptionInfo = z.infer<typeof SubscriptionInfoSchema>;
