/** GA4 item-list entry of the data layer: `{ event: 'view_item_list', ecommerce: { items } , ... }`. */
import { asRecord, toText } from './clean';
import { compact } from './copy-fields';
import { readListedItems } from './listed-items';
import { toFlag, type DataLayerPayload } from './values';

export const GA4_ITEM_LIST_EVENT = 'view_item_list';

/**
 * Maps item-list data to GA4: each id becomes `{ item_id, index }` with index = the spec's position
 * (1 + index + (page number - 1) * max items per page); search_id, fallback_search_result and the
 * data's own emitter / cot_client_version stay top-level. `listName` (for example the page's site
 * group) becomes `item_list_name`.
 */
export function toGa4ItemList(itemListData: unknown, listName?: unknown): DataLayerPayload {
  const data = asRecord(itemListData);
  const itemListName = toText(listName);
  return compact({
    event: GA4_ITEM_LIST_EVENT,
    ecommerce: compact({
      item_list_name: itemListName,
      items: readListedItems(data).map(({ id, position }) => compact({ item_id: id, index: position, item_list_name: itemListName })),
    }),
    search_id: toText(data.search_id),
    fallback_search_result: toFlag(data.fallback_search_result),
    emitter: toText(data.emitter),
    cot_client_version: toText(data.cot_client_version),
  });
}
