/** GA4 pageview entry of the data layer: `{ event: 'pageview_ga4', ... }`, flat GA4 parameters only. */
import { asRecord } from './clean';
import { flattenAbTests } from './ab-tests';
import { put } from './copy-fields';
import { readCustomerTrackingFields } from './customer-tracking-fields';
import { readPageDataFields } from './page-data-fields';
import { readPageviewContext } from './pageview-context';
import { putSubscriptionFields } from './subscription-info';
import type { DataLayerPayload } from './values';

export const GA4_PAGEVIEW_EVENT = 'pageview_ga4';

/**
 * Maps initial page data, the page context and (optionally) the customer frontend data to the GA4
 * pageview. A/B tests become one pipe-joined `name:group` parameter, subscription info flat fields
 * with the spec's fallbacks. Total: any input gives a pageview entry.
 */
export function toGa4Pageview(pageData: unknown, context?: unknown, customerData?: unknown): DataLayerPayload {
  const page = asRecord(pageData);
  const out = put(readPageDataFields(page, { event: GA4_PAGEVIEW_EVENT }), 'ab_tests', flattenAbTests(page.ab_tests));
  return readCustomerTrackingFields(customerData, readPageviewContext(context, putSubscriptionFields(out, page.subscription_info)));
}
