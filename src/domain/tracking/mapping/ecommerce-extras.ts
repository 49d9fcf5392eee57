/** The top-level extras of an e-commerce event (spec §3), shared by the GA4 and the legacy form. */
import { asRecord, toNumber } from './clean';
import { toPipeList, toScalar, type DataLayerPayload } from './values';

/** Reads coupon_values (pipe-joined), the coupon, loyalty-beans and gift-card amounts and guest_order. */
export function readEcommerceExtras(event: unknown): DataLayerPayload {
  const fields = asRecord(event);
  return {
    coupon_values: toPipeList(fields.coupon_values),
    transaction_coupon_value: toNumber(fields.transaction_coupon_value),
    loyalty_beans_redemption: toScalar(fields.loyalty_beans_redemption),
    loyalty_beans_value: toNumber(fields.loyalty_beans_value),
    gift_card_redemption: toScalar(fields.gift_card_redemption),
    gift_card_value: toNumber(fields.gift_card_value),
    guest_order: toScalar(fields.guest_order),
  };
}
