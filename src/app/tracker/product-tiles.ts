/**
 * Product tiles (spec §2): a click on an element carrying the product-link attribute is recorded in
 * the product history, with the tile's feature, quickshopping, search id and source product id, and
 * the page's node levels as source levels (without them, the source the page came with). The rules of
 * the history are the domain's.
 *
 * Attribute names (ours; the spec names only their meaning): see {@link TileAttribute}.
 */
import type { ProductHistoryStore } from '../../domain/tracking/product-history-store';
import type { SourceRecord } from '../../domain/tracking/product-history';

export const TileAttribute = {
  productIds: 'data-cot-product-ids',
  feature: 'data-cot-feature',
  quickshopping: 'data-cot-quickshopping',
  searchId: 'data-cot-search-id',
  sourceProductId: 'data-cot-source-product-id',
} as const;

/** The part of a DOM element the listener reads. */
interface TileElement {
  getAttribute(name: string): string | null;
}

/** A click as the listener reads it: where, and for `auxclick`, which button. */
export interface TileClick {
  /**
   * From the clicked element out, through open shadow roots: a tile inside a web component counts
   * (for a listener on the document, `target` is only the component's host).
   */
  composedPath(): unknown[];
  readonly type?: string;
  readonly button?: number;
}

/** Where clicks are heard (browser: `document`). */
export interface ClickRoot {
  addEventListener(type: 'click' | 'auxclick', listener: (event: TileClick) => void, capture: boolean): void;
  removeEventListener(type: 'click' | 'auxclick', listener: (event: TileClick) => void, capture: boolean): void;
}

const attribute = (element: TileElement, name: string): string | undefined => element.getAttribute(name)?.trim() || undefined;

const isTile = (node: unknown): node is TileElement =>
  typeof (node as Partial<TileElement> | null)?.getAttribute === 'function' && (node as TileElement).getAttribute(TileAttribute.productIds) !== null;

/** The product ids and click source of the innermost tile on the click's path, or undefined when it passed no tile. */
export function readTile(path: readonly unknown[], pageSource: SourceRecord): { ids: string[]; source: SourceRecord } | undefined {
  const tile = path.find(isTile);
  if (!tile) return undefined;
  const ids = (tile.getAttribute(TileAttribute.productIds) ?? '').split(',').map((id) => id.trim()).filter(Boolean);
  const own = {
    sf: attribute(tile, TileAttribute.feature),
    qs: attribute(tile, TileAttribute.quickshopping),
    sid: attribute(tile, TileAttribute.searchId),
    spid: attribute(tile, TileAttribute.sourceProductId),
  };
  // The tile's own attributes over the page's (a page's cotcs feature stays where the tile names none).
  return { ids, source: { ...pageSource, ...(Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)) as SourceRecord) } };
}

/**
 * Records tile clicks in the history; `pageSource` gives the current page's source (its node levels,
 * else the source it came with). Returns the unsubscribe function.
 */
export function listenForTileClicks(root: ClickRoot, history: ProductHistoryStore, pageSource: () => SourceRecord): () => void {
  const listener = (event: TileClick) => {
    // A middle click (a tile opened in a new tab) fires `auxclick`, not `click`; other buttons open no product.
    if (event.type === 'auxclick' && event.button !== 1) return;
    try {
      const tile = readTile(event.composedPath(), pageSource());
      if (tile && tile.ids.length > 0) history.click(tile.ids, tile.source);
    } catch {
      // a click must never break the page
    }
  };
  root.addEventListener('click', listener, true);
  root.addEventListener('auxclick', listener, true);
  return () => {
    root.removeEventListener('click', listener, true);
    root.removeEventListener('auxclick', listener, true);
  };
}
