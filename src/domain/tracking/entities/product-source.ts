import * as z from 'zod/mini';
import { RequiredText } from './lenient';

/** A product-source event (spec §3): the product whose click source is recorded. */
export const ProductSourceEventSchema = z.looseObject({
  webshop_product_id: RequiredText,
});
export type ProductSourceEvent = z.infer<typeof ProductSourceEventSchema>;
