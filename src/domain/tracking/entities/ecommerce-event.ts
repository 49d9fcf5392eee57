import { ECOMMERCE_DATA, ECOMMERCE_EVENT, ECOMMERCE_ITEM, type Infer } from './fields';
import { schemaOf } from './schema';

export { ECOMMERCE_EVENT_NAMES, type EcommerceEventName } from './fields';
export { QuickbuyFlag } from './schema';

/** One product line of an e-commerce event (spec §3 Ecommerce item). */
export const EcommerceItemSchema = schemaOf(ECOMMERCE_ITEM);
export type EcommerceItem = Infer<typeof ECOMMERCE_ITEM>;

/** The `ecommerce` object of an e-commerce event. */
export const EcommerceDataSchema = schemaOf(ECOMMERCE_DATA);
export type EcommerceData = Infer<typeof ECOMMERCE_DATA>;

/** An e-commerce event (spec §3): `event` is required and must be one of the 11 names. */
export const EcommerceEventSchema = schemaOf(ECOMMERCE_EVENT);
export type EcommerceEvent = Infer<typeof ECOMMERCE_EVENT>;
