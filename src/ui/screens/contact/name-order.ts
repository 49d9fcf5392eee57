import type { SiteCode } from '../../../domain/support/sites';

/** The sites whose shoppers write the family name first (Hungarian: Kovács Anna). */
const FAMILY_NAME_FIRST: ReadonlySet<SiteCode> = new Set(['hu']);

/**
 * `items` in the order the site's shoppers write their names: where the family name comes first, its
 * box comes first too (a Hungarian shopper filling the boxes top to bottom typed the names swapped).
 */
export function inNameOrder<T>(site: SiteCode, items: readonly T[], fieldOf: (item: T) => string): readonly T[] {
  if (!FAMILY_NAME_FIRST.has(site)) return items;
  const given = items.findIndex((item) => fieldOf(item) === 'firstName');
  const family = items.findIndex((item) => fieldOf(item) === 'lastName');
  if (given < 0 || family < given) return items;
  const ordered = [...items];
  [ordered[given], ordered[family]] = [items[family]!, items[given]!];
  return ordered;
}
