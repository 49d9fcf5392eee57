import { SUBSCRIPTION_INFO, type Infer } from './fields';
import { schemaOf } from './schema';

/** Coffee-subscription details, sent with the initial page data and with GA4 custom events (spec §3). */
export const SubscriptionInfoSchema = schemaOf(SUBSCRIPTION_INFO);
export type SubscriptionInfo = Infer<typeof SUBSCRIPTION_INFO>;
