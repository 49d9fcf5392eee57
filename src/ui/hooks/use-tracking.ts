import { useContext } from 'react';
import type { TrackingClient } from '../../ports/tracking-client';
import { TrackingContext } from '../providers/tracking-provider';

export { TrackingProvider, NO_TRACKING } from '../providers/tracking-provider';

/**
 * The page's tracking client (emitter `customer-support-frontend`). Its pushes may reject: a screen
 * catches them, tracking never breaks a screen. Without a provider, pushes resolve and send nothing.
 */
export function useTracking(): TrackingClient {
  return useContext(TrackingContext);
}
