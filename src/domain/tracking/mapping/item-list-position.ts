/** The place of a listed product across result pages (spec §5). */
import { toCount } from './clean';

/** A whole number of at least `least`; anything else (missing, fractional, smaller) counts as `least`. */
const wholeNumberFrom = (value: unknown, least: number): number => {
  const number = toCount(value);
  return number !== undefined && Number.isInteger(number) && number >= least ? number : least;
};

/**
 * "Item list position = 1 + index + (page number - 1) * max items per page". `index` is the 0-based
 * place on the page; a missing or invalid page number counts as page 1, a missing or invalid
 * max items per page as 0, and so do a page number and size whose position no whole number holds.
 */
export const itemListPosition = (index: number, listPageNumber: unknown, maxItemsPerPage: unknown): number => {
  const position = 1 + index + (wholeNumberFrom(listPageNumber, 1) - 1) * wholeNumberFrom(maxItemsPerPage, 0);
  return Number.isSafeInteger(position) ? position : 1 + index;
};
