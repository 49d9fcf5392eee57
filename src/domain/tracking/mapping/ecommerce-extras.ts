/** The top-level extras of an e-commerce event (spec §3), shared by the GA4 and the legacy form. */
import { ECOMMERCE_EVENT } from '../entities/fields';
import { asRecord, toNumber } from './clean';
import { compileFields, copyFields } from './copy-fields';
import { roundToCents, toFlag, toFlagOrNumber, toPipeList, type DataLayerPayload } from './values';

/** An amount written as a number rounded to cents ('1,50' is 1.5, 0.1 + 0.2 is 0.3), anything else as given. */
const amountOrAsGiven = (value: unknown): unknown => {
  const amount = toNumber(value);
  return amount === undefined ? value : roundToCents(amount);
};

/**
 * coupon_values (pipe-joined, each amount written as a number, as `transaction_coupon_value` is), the
 * coupon, loyalty-beans and gift-card amounts and guest_order (flags as booleans, "false" too); the
 * texts are not extras.
 */
const EXTRAS = compileFields(
  ECOMMERCE_EVENT,
  { l: toPipeList, n: toNumber, g: toFlagOrNumber, b: toFlag },
  {
    // A list, or a text already joined with pipes ('1,50|2,00').
    coupon_values: (value) =>
      toPipeList((Array.isArray(value) ? value : typeof value === 'string' ? value.split('|') : [value]).map(amountOrAsGiven)),
  },
);

/** Adds the extras present in the event to `out`; returns `out`. */
export function readEcommerceExtras(event: unknown, out: DataLayerPayload): DataLayerPayload {
  return copyFields(out, asRecord(event), EXTRAS);
}
