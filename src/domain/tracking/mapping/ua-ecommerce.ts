/** Legacy enhanced-ecommerce entry: `{ event: 'ecommerce', ecommerce: { currencyCode, <action>: { actionField, products } } }`. */
import { asRecord, ownValue, toCount, toNumber, toText } from './clean';
import { compact, put } from './copy-fields';
import { readEcommerceExtras } from './ecommerce-extras';
import { putOrderSummary } from './order-summary';
import { placedItems } from './ecommerce-items';
import { toUaProduct } from './ua-ecommerce-product';
import { toPipeList, type DataLayerPayload } from './values';

export const UA_ECOMMERCE_EVENT = 'ecommerce';

type UaAction = 'detail' | 'add' | 'checkout' | 'purchase';

/** The legacy action of each spec event name; the wishlist events have none and stay GA4-only. */
export const UA_ECOMMERCE_ACTIONS: Readonly<Record<string, UaAction>> = {
  view_item: 'detail',
  add_to_cart: 'add',
  view_cart: 'checkout',
  begin_checkout: 'checkout',
  progress_checkout: 'checkout',
  reverse_checkout: 'checkout',
  purchase: 'purchase',
  purchase_ga4: 'purchase',
};

const actionField = (action: UaAction, ecommerce: Record<string, unknown>): DataLayerPayload =>
  compact(
    action === 'checkout'
      ? { step: toCount(ecommerce.checkout_step), option: toText(ecommerce.checkout_option) }
      : action !== 'purchase'
        ? { list: toText(ecommerce.list_name) }
        : {
            id: toText(ecommerce.transaction_id),
            affiliation: toText(ecommerce.affiliation),
            revenue: toNumber(ecommerce.value),
            tax: toNumber(ecommerce.tax),
            shipping: toNumber(ecommerce.shipping),
            coupon: toPipeList(ecommerce.coupon),
            // Spec §3's order coupons: `purchase` reaches the legacy form only, and its tags read them here.
            coupon_types: toPipeList(ecommerce.coupon_types),
            coupon_campaigns: toPipeList(ecommerce.coupon_campaigns),
            coupon_codes: toPipeList(ecommerce.coupon_codes),
          },
  );

/**
 * Maps an e-commerce event to the legacy form. On purchase (order confirmation) the entry also carries
 * the order summary: brand_list and product_id_list (pipe-joined, at most 100 characters) and the
 * basket values before and after rebate. Returns `undefined` for events without a legacy action
 * (wishlist events, unknown names).
 */
export function toUaEcommerce(event: unknown): DataLayerPayload | undefined {
  const fields = asRecord(event);
  const name = toText(fields.event);
  const action = ownValue(UA_ECOMMERCE_ACTIONS, name);
  if (action === undefined) return undefined;
  const ecommerce = asRecord(fields.ecommerce);
  const listName = toText(ecommerce.list_name);
  const placed = placedItems(ecommerce.items);
  const block = put({}, 'currencyCode', toText(ecommerce.currency));
  block[action] = {
    actionField: actionField(action, ecommerce),
    products: placed.map(({ item, place }) => toUaProduct(item, place, listName)),
  };
  const out = readEcommerceExtras(event, { event: UA_ECOMMERCE_EVENT, ecommerce: block });
  return action === 'purchase' ? putOrderSummary(out, placed.map(({ item }) => item), ecommerce) : out;
}
