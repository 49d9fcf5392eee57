import { IdbDraftStore } from '../../adapters/browser/idb-draft-store';
import { SessionMirroredDraftStore } from '../../adapters/browser/session-mirrored-draft-store';
import type { DraftStore } from '../../ports/draft-store';

/** The support pages' draft store: IndexedDB (files included), its values mirrored in sessionStorage. */
export const createBrowserDraftStore = (): DraftStore => new SessionMirroredDraftStore(new IdbDraftStore());
