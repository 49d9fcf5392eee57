import { IdbDraftStore } from '../../adapters/browser/idb-draft-store';
import { SessionMirroredDraftStore } from '../../adapters/browser/session-mirrored-draft-store';
import type { DraftStore } from '../../ports/draft-store';
import type { Warn } from './warn';

/**
 * The support pages' draft store: IndexedDB (files included), its values mirrored in sessionStorage.
 * Its failures (no IndexedDB, a full quota, no answer) go to the console, once per kind of call.
 */
export const createBrowserDraftStore = (warn: Warn): DraftStore =>
  new SessionMirroredDraftStore(new IdbDraftStore({ logger: { log: (entry) => warn(entry.message, entry.content) } }));
