import { useContext, useSyncExternalStore } from 'react';
import type { SiteCode } from '../../domain/support/sites';
import { SiteStoreContext } from '../providers/site-provider';

export { SiteProvider } from '../providers/site-provider';

/** The current site, lower case (`de`, `ch_fr`, ...); re-renders when the store changes. */
export function useSite(): SiteCode {
  const store = useContext(SiteStoreContext);
  if (!store) throw new Error('useSite needs a SiteProvider');
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
