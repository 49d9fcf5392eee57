import { useSyncExternalStore } from 'react';
import type { SiteCode } from '../../domain/support/sites';
import { SiteStoreContext } from '../providers/site-provider';
import { useProvided } from './use-provided';

export { SiteProvider } from '../providers/site-provider';

/** The current site, lower case (`de`, `ch_fr`, ...); re-renders when the store changes. */
export function useSite(): SiteCode {
  const store = useProvided(SiteStoreContext, 'useSite');
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
