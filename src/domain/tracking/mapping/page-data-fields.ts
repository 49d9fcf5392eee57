/**
 * The InitialPageData fields of spec §3 that both pageview forms carry, read totally.
 * Left out on purpose: exactag_level (affiliate tracker only), scope and emit_tracking_executed_event
 * (they steer the runtime), ab_tests and subscription_info (each form writes them its own way).
 */
import { INITIAL_PAGE_DATA } from '../entities/fields';
import { asRecord, toCount, toNumber, toText } from './clean';
import { compileFields, copyFields } from './copy-fields';
import { toFlag, toFlagOrScalar, toPipeList, type DataLayerPayload } from './values';
import { spelledSiteGroup } from './exactag-site-groups';

/**
 * Texts, numbers (fallback `undefined`: omitted), flags (booleans) and pipe-joined lists; the flag-or-text
 * fields (selected_consent, page_override) are a flag, else keep their type. The site group is
 * spelled as the spec spells it ('order confirmation' is 'Order Confirmation'), as Exactag gets it.
 */
const PAGE_FIELDS = compileFields(
  INITIAL_PAGE_DATA,
  { t: toText, n: toNumber, c: toCount, b: toFlag, l: toPipeList, h: toFlagOrScalar },
  { exactag_level: 0, emit_tracking_executed_event: 0, exactag_site_group: spelledSiteGroup },
);

/** Adds the page-data fields shared by `pageview` and `pageview_ga4` to `out` (present values only); returns `out`. */
export function readPageDataFields(pageData: unknown, out: DataLayerPayload): DataLayerPayload {
  return copyFields(out, asRecord(pageData), PAGE_FIELDS);
}
