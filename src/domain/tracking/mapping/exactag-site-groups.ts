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

/** The four groups with rules of their own (spec §2, §5). */
export const SiteGroups = {
  searchResult: 'Suchergebnisseite',
  category: 'Category',
  orderConfirmation: 'Order Confirmation',
  lead: 'Lead',
  unknown: 'UNKNOWN',
} as const satisfies Record<string, SiteGroup>;

/** Groups whose payload lists product ids: product view and the basket pages. */
export const PRODUCT_GROUPS: readonly string[] = ['Product View', 'Add_to_basket', 'shopping_basket'];

const byLowerCase = new Map<string, SiteGroup>(SITE_GROUPS.map((group) => [group.toLowerCase(), group]));

/**
 * The site group of a page: a known group in its spec spelling (matched case-insensitively, trimmed),
 * an unknown text as given, and 'UNKNOWN' when there is none.
 */
export const toSiteGroup = (value: unknown): string => {
  const text = toText(value)?.trim();
  if (text === undefined || text === '') return SiteGroups.unknown;
  return byLowerCase.get(text.toLowerCase()) ?? text;
};
