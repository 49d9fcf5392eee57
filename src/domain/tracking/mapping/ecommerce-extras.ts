/** The top-level extras of an e-commerce event (spec §3), shared by the GA4 and the legacy form. */
import { ECOMMERCE_EVENT } from '../entities/fields';
import { asRecord, toNumber } from './clean';
import { compileFields, copyFields } from './copy-fields';
import { toFlag, toFlagOrNumber, toPipeList, type DataLayerPayload } from './values';

/**
 * coupon_values (pipe-joined), the coupon, loyalty-beans and gift-card amounts and guest_order (flags as
 * booleans, "false" too); the texts are not extras.
 */
const EXTRAS = compileFields(ECOMMERCE_EVENT, { l: toPipeList, n: toNumber, g: toFlagOrNumber, b: toFlag });

/** Adds the extras present in the event to `out`; returns `out`. */
export function readEcommerceExtras(event: unknown, out: DataLayerPayload): DataLayerPayload {
  return copyFields(out, asRecord(event), EXTRAS);
}
