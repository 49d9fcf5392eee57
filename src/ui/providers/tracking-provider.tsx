import { createContext, type ReactNode } from 'react';
import type { TrackingClient } from '../../ports/tracking-client';

const resolved = () => Promise.resolve();

/** Used without a provider: every push resolves and nothing is sent. */
export const NO_TRACKING: TrackingClient = {
  pushInitialPageData: resolved,
  pushEcommerceEvent: resolved,
  pushCustomEvent: resolved,
  pushItemListData: resolved,
  pushProductSourceEvent: resolved,
  pushLeadData: resolved,
};

export const TrackingContext = createContext<TrackingClient>(NO_TRACKING);

/** Makes the page's tracking client available to {@link useTracking}. */
export function TrackingProvider({ client, children }: { client: TrackingClient; children?: ReactNode }) {
  return <TrackingContext.Provider value={client}>{children}</TrackingContext.Provider>;
}
