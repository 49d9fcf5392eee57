/** Legacy (universal) pageview entry of the data layer: `{ event: 'pageview', ... }`. */
import { asRecord, removeEmpty } from './clean';
import { readAbTests } from './ab-tests';
import { readCustomerTrackingFields } from './customer-tracking-fields';
import { readPageDataFields } from './page-data-fields';
import { readPageviewContext } from './pageview-context';
import type { DataLayerPayload } from './values';

export const UA_PAGEVIEW_EVENT = 'pageview';

/**
 * Maps initial page data, the page context and (optionally) the customer frontend data to the legacy
 * pageview. A/B tests stay a list of `{ name, group }`. Total: any input gives a pageview entry.
 */
export function toUaPageview(pageData: unknown, context?: unknown, customerData?: unknown): DataLayerPayload {
  const abTests = readAbTests(asRecord(pageData).ab_tests);
  return removeEmpty({
    event: UA_PAGEVIEW_EVENT,
    ...readPageDataFields(pageData),
    ab_tests: abTests.length > 0 ? abTests : undefined,
    ...readPageviewContext(context),
    ...readCustomerTrackingFields(customerData),
  });
}
