import { PRODUCT_SOURCE_EVENT, type Infer } from './fields';
import { schemaOf } from './schema';

/** A product-source event (spec §3): the product whose click source is recorded. */
export const ProductSourceEventSchema = schemaOf(PRODUCT_SOURCE_EVENT);
export type ProductSourceEvent = Infer<typeof PRODUCT_SOURCE_EVENT>;
