/** One entry of the tag manager's data layer. */
export type DataLayerEntry = Record<string, unknown>;

/** The tag manager's data layer (browser: `window.dataLayer`). */
export interface DataLayer {
  /**
   * Appends an entry, as `dataLayer.push(entry)` does; throws when the page's data layer did not take
   * it. `optional`: an entry the library can do without (the clearing `{ ecommerce: null }`), whose
   * refusal is a warning rather than an error.
   */
  push(entry: DataLayerEntry, options?: { readonly optional?: boolean }): void;
  /**
   * Calls `listener` for every entry already in the layer (pushed before install) and for every
   * later one, in order; with `{ past: false }` only for the later ones. Returns the unsubscribe function.
   */
  subscribe(listener: (entry: DataLayerEntry) => void, options?: { readonly past?: boolean }): () => void;
}
