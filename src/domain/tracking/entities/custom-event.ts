import { GA4_CUSTOM_EVENT, LEGACY_CUSTOM_EVENT, type Infer } from './fields';
import { schemaOf } from './schema';

export { isLegacyCustomEvent } from './legacy-form';

/** The legacy (universal) custom event: event_category and event_action are required (spec §5). */
export const LegacyCustomEventSchema = schemaOf(LEGACY_CUSTOM_EVENT);
export type LegacyCustomEvent = Infer<typeof LEGACY_CUSTOM_EVENT>;

/** The GA4 custom event (spec §3): event_name names the GA4 event and is required. */
export const Ga4CustomEventSchema = schemaOf(GA4_CUSTOM_EVENT);
export type Ga4CustomEvent = Infer<typeof GA4_CUSTOM_EVENT>;
