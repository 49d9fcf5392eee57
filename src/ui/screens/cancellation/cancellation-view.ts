import type { PageView } from '../../hooks/use-page-view';

/** The cancellation pages' initial page data (the language of the texts shown is added). */
export const CANCELLATION_VIEW: PageView = {
  page_type: 'cancellation',
  page_name: 'cancellation',
  node_level_1: 'service',
  node_level_2: 'cancellation',
  exactag_site_group: 'coffee_subscription',
};
export const CANCELLATION_SUCCESS_VIEW: PageView = { ...CANCELLATION_VIEW, page_name: 'cancellation success' };
