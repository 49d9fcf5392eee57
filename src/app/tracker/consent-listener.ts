/**
 * A later consent grant (shared decisions "Consent"): an `OneTrustGroupsUpdated` entry on the data
 * layer, also one pushed before install (the DataLayer port replays those), releases what waits.
 */
import type { DataLayer } from '../../ports/data-layer';
import { groupsFromDataLayerEntry, type ConsentGroups } from '../../domain/tracking/consent-groups';

/**
 * Subscribes to the data layer; `grant` receives the complete list of active groups. `past: false`
 * skips the entries already there (heard by the tracker a reset one replaced). Returns the unsubscribe function.
 */
export function listenForConsent(dataLayer: DataLayer, grant: (groups: ConsentGroups) => void, past = true): () => void {
  return dataLayer.subscribe(
    (entry) => {
      const groups = groupsFromDataLayerEntry(entry);
      if (groups !== undefined) grant(groups);
    },
    { past },
  );
}
