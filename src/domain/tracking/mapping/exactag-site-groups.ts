/** The site groups of the affiliate tracker: the `exactag_site_group` values of tracking spec §2. */
import { toText } from './clean';

export const SITE_GROUPS = [
  'Add_to_basket',
  'Category',
  'Checkout',
  'Checkout_Anmeldung',
  'Checkout_Bezahlart',
  'Checkout_Lastcheck',
  'Checkout_Lieferadresse',
  'Checkout_Zahlart',
  'Community',
  'Content',
  'Homepage',
  'LEAFLET',
  'Lead',
  'Order Confirmation',
  'Product View',
  'Produktarchiv',
  'Prozenteshop',
  'Suchergebnisseite',
  'UNKNOWN',
  'shopping_basket',
  'storefinder',
  'coffee_subscription',
] as const;
export type SiteGroup = (typeof SITE_GROUPS)[number];

/** The groups with rules of their own (spec §2, §5), and the group of a page that names none. */
export const SEARCH_RESULT_GROUP = 'Suchergebnisseite';
export const CATEGORY_GROUP = 'Category';
export const ORDER_CONFIRMATION_GROUP = 'Order Confirmation';
export const LEAD_GROUP = 'Lead';
export const UNKNOWN_GROUP = 'UNKNOWN';
/** The same groups by name; the mappers use the constants, so the library build needs no object. */
export const SiteGroups = {
  searchResult: SEARCH_RESULT_GROUP,
  category: CATEGORY_GROUP,
  orderConfirmation: ORDER_CONFIRMATION_GROUP,
  lead: LEAD_GROUP,
  unknown: UNKNOWN_GROUP,
} as const satisfies Record<string, SiteGroup>;

/** Groups whose payload lists product ids: product view and the basket pages. */
export const PRODUCT_GROUPS: readonly string[] = ['Product View', 'Add_to_basket', 'shopping_basket'];

const byLowerCase = new Map<string, SiteGroup>(SITE_GROUPS.map((group) => [group.toLowerCase(), group]));

/** A known site group in its spec spelling (matched case-insensitively, trimmed), another text as given; `undefined` when absent. */
export const spelledSiteGroup = (value: unknown): string | undefined => {
  const text = toText(value);
  return text === undefined ? undefined : (byLowerCase.get(text.toLowerCase()) ?? text);
};

/** The site group of a page as `spelledSiteGroup` gives it, and 'UNKNOWN' when there is none. */
export const toSiteGroup = (value: unknown): string => spelledSiteGroup(value) || UNKNOWN_GROUP;
