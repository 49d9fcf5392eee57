/** The place of a listed product across result pages (spec §5). */
import { toNumber } from './clean';

const pageNumber = (value: unknown): number => {
  const page = toNumber(value);
  return page !== undefined && Number.isInteger(page) && page >= 1 ? page : 1;
};

const itemsPerPage = (value: unknown): number => {
  const max = toNumber(value);
  return max !== undefined && Number.isInteger(max) && max >= 0 ? max : 0;
};

/**
 * "Item list position = 1 + index + (page number - 1) * max items per page". `index` is the 0-based
 * place on the page; a missing or invalid page number counts as page 1, a missing or invalid
 * max items per page as 0.
 */
export const itemListPosition = (index: number, listPageNumber: unknown, maxItemsPerPage: unknown): number =>
  1 + index + (pageNumber(listPageNumber) - 1) * itemsPerPage(maxItemsPerPage);
