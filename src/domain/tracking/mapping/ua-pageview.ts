/** Legacy (universal) pageview entry of the data layer: `{ event: 'pageview', ... }`. */
import { asRecord } from './clean';
import { readAbTests } from './ab-tests';
import { put } from './copy-fields';
import { readCustomerTrackingFields } from './customer-tracking-fields';
import { readPageDataFields } from './page-data-fields';
import { readPageviewContext } from './pageview-context';
import { toSubscriptionFields } from './subscription-info';
import type { DataLayerPayload } from './values';

export const UA_PAGEVIEW_EVENT = 'pageview';

/**
 * Maps initial page data, the page context and (optionally) the customer frontend data to the legacy
 * pageview. A/B tests stay a list of `{ name, group }`, the subscription info a record (GA4 flattens
 * both). Total: any input gives a pageview entry.
 */
export function toUaPageview(pageData: unknown, context?: unknown, customerData?: unknown): DataLayerPayload {
  const out = readPageDataFields(pageData, { event: UA_PAGEVIEW_EVENT });
  const abTests = readAbTests(asRecord(pageData).ab_tests);
  put(out, 'ab_tests', abTests.length > 0 ? abTests : undefined);
  put(out, 'subscription_info', toSubscriptionFields(asRecord(pageData).subscription_info));
  return readCustomerTrackingFields(customerData, readPageviewContext(context, out));
}
