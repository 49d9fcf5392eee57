/**
 * The affiliate tracker's (Exactag) payload per site group (tracking spec §2 site groups, §5).
 *
 * Parameter names are this library's choice (the spec does not show them):
 *
 * | parameter | value | sent on |
 * |---|---|---|
 * | cd  | campaign id of the site and environment | every page |
 * | si  | site key (de, at, ch, ch_fr, pl, cz, hu, sk, tr) | every page |
 * | pt  | site group (`exactag_site_group`, 'UNKNOWN' when absent) | every page |
 * | pn  | `page_name` | every page |
 * | ty  | `page_type` | every page |
 * | lvl | `exactag_level` (the lead data's level wins when lead data is given) | every page |
 * | dc  | affiliate device cookie value | when the cookie is set |
 * | pd  | product ids (`item_id`, else `product_id`), pipe-joined, cut to 100 | Product View, Add_to_basket, shopping_basket, Order Confirmation, any order |
 * | oi  | order id (`transaction_id`) | Order Confirmation, any order |
 * | ov  | order value, 2 decimals | Order Confirmation, any order |
 * | cu  | currency | Order Confirmation, any order |
 * | cp  | coupon (a list is pipe-joined, cut to 100) | Order Confirmation, any order |
 * | br  | distinct brands, pipe-joined, cut to 100 | Order Confirmation, any order |
 * | li  | lead id (lead data, else page data) | Lead, and whenever lead data is given |
 * | lv  | lead value, 2 decimals (lead data, else the page's when it is the page's lead) | Lead, and whenever lead data is given |
 * | nr  | `number_of_product_results` | Suchergebnisseite, Category |
 */
import * as Warnings from '../warnings';
import { LogLevel, type LogSink } from '../log-buffer';
import { isOrderEvent } from '../entities/fields';
import { asRecord, toCount, toNumber, toText } from './clean';
import { compact } from './copy-fields';
import {
  CATEGORY_GROUP,
  LEAD_GROUP,
  ORDER_CONFIRMATION_GROUP,
  PRODUCT_GROUPS,
  SEARCH_RESULT_GROUP,
  toSiteGroup,
} from './exactag-site-groups';
import { leadOf } from './lead';
import { brandList, itemsOfEvent, productIdList } from './product-list';
import { toPipeList, toTwoDecimals } from './values';

export { toTouchPointRequest, type TouchPointInput, type TouchPointRequest } from './exactag-touch-point';

/** What the affiliate payload is built from. Every field may hold anything; unreadable parts are left out. */
export interface ExactagInput {
  /** Site key of the page (de, at, ...). */
  site?: unknown;
  /** Campaign id of the site and environment (owned by the site configuration). */
  campaignId?: unknown;
  /** The page's InitialPageData. */
  pageData?: unknown;
  /** The e-commerce event the page group waits for (view_item, add_to_cart, view_cart, purchase ...). */
  ecommerceEvent?: unknown;
  /** LeadData pushed for the page (lead_id, lead_value, exactag_level). */
  lead?: unknown;
  /** Value of the affiliate device cookie. */
  deviceCookie?: unknown;
}

export type ExactagPayload = {
  cd?: string; si?: string; pt?: string; pn?: string; ty?: string; lvl?: string; dc?: string;
  pd?: string; oi?: string; ov?: string; cu?: string; cp?: string; br?: string;
  li?: string; lv?: string; nr?: number;
};

const RESULT_COUNT = 'number_of_product_results';
const DESTINATION = 'exactag';

/** An amount with two decimals ("12.50"); `undefined` when it is not a number. */
export const formatAmount = toTwoDecimals;

/**
 * The Exactag payload of a page. Warns (the payload is still built) when a search result or category
 * page lacks `number_of_product_results`. Never throws: unreadable input logs
 * 'Exception has occurred during Exactag tracking' and gives `{}`, which should not be sent.
 */
export function toExactagPayload(input: ExactagInput, log: LogSink): ExactagPayload {
  try {
    return buildPayload(asRecord(input), log);
  } catch (error) {
    log(LogLevel.error, Warnings.exactagFailed, error);
    return {};
  }
}

function buildPayload(input: Record<string, unknown>, log: LogSink): ExactagPayload {
  const page = asRecord(input.pageData);
  const lead = asRecord(input.lead);
  // Lead data, even with every field left out (`{}`): the page's lead.
  const hasLead = input.lead !== undefined;
  const group = toSiteGroup(page.exactag_site_group);
  const event = input.ecommerceEvent;
  const items = itemsOfEvent(event);

  const payload: ExactagPayload = {
    cd: toText(input.campaignId),
    si: toText(input.site),
    pt: group,
    pn: toText(page.page_name),
    ty: toText(page.page_type),
    lvl: toText(lead.exactag_level) ?? toText(page.exactag_level),
    dc: toText(input.deviceCookie),
  };

  // An order carries its data on any page: pushed before a single-page app's confirmation page data, it
  // goes under the page before it.
  const order = isOrderEvent(toText(asRecord(event).event));
  if (PRODUCT_GROUPS.includes(group) || group === ORDER_CONFIRMATION_GROUP || order) payload.pd = productIdList(items);

  if (group === ORDER_CONFIRMATION_GROUP || order) {
    const ecommerce = asRecord(asRecord(event).ecommerce);
    payload.oi = toText(ecommerce.transaction_id);
    payload.ov = formatAmount(ecommerce.value);
    payload.cu = toText(ecommerce.currency);
    payload.cp = toPipeList(ecommerce.coupon);
    payload.br = brandList(items);
  }

  // The lead page's lead goes with its page view (a Lead page awaits no e-commerce event: an order
  // there goes alone and does not count the lead again).
  if ((group === LEAD_GROUP && event === undefined) || hasLead) {
    const { id, value } = leadOf(lead, page);
    payload.li = id;
    payload.lv = formatAmount(value);
  }

  if (group === SEARCH_RESULT_GROUP || group === CATEGORY_GROUP) {
    payload.nr = toCount(page[RESULT_COUNT]);
    if (payload.nr === undefined) log(LogLevel.warn, Warnings.requiredParameterMissing(RESULT_COUNT, group, DESTINATION));
  }

  return compact(payload);
}
