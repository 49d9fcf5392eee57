import { createContext, type ReactNode } from 'react';
import type { SiteStore } from '../../ports/site-store';

export const SiteStoreContext = createContext<SiteStore | null>(null);

/** Makes the `contact` store's site available to {@link useSite}. */
export function SiteProvider({ store, children }: { store: SiteStore; children?: ReactNode }) {
  return <SiteStoreContext.Provider value={store}>{children}</SiteStoreContext.Provider>;
}
