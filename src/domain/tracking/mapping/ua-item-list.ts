/** Legacy impressions entry for item-list data: `{ event: 'ecommerce', ecommerce: { impressions } }`. */
import { asRecord, toText } from './clean';
import { compact } from './copy-fields';
import { readListedItems } from './listed-items';
import { UA_ECOMMERCE_EVENT } from './ua-ecommerce';
import { toFlag, type DataLayerPayload } from './values';

/**
 * Maps item-list data to legacy enhanced-ecommerce impressions `{ id, position, list }`, with the
 * spec's position rule; search_id and fallback_search_result stay top-level.
 */
export function toUaItemList(itemListData: unknown, listName?: unknown): DataLayerPayload {
  const data = asRecord(itemListData);
  const list = toText(listName);
  return compact({
    event: UA_ECOMMERCE_EVENT,
    ecommerce: { impressions: readListedItems(data).map(({ id, position }) => compact({ id, position, list })) },
    search_id: toText(data.search_id),
    fallback_search_result: toFlag(data.fallback_search_result),
    emitter: toText(data.emitter),
    cot_client_version: toText(data.cot_client_version),
  });
}
