/** The items of an e-commerce event, each with its place in the list as pushed. */
import { asArray, asRecord } from './clean';

/** One item and its place (1-based) among all the entries pushed. */
export interface PlacedItem {
  readonly item: unknown;
  readonly place: number;
}

/**
 * The items of `ecommerce.items` that hold anything: an empty entry (`{}`, or one validation left
 * out) is skipped but keeps its place, so the items after it keep their positions.
 */
export function placedItems(items: unknown): PlacedItem[] {
  const placed: PlacedItem[] = [];
  asArray(items).forEach((item, i) => {
    if (Object.keys(asRecord(item)).length > 0) placed.push({ item, place: i + 1 });
  });
  return placed;
}
