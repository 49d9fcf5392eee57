/**
 * Whether the reload guard (`reload-guard.ts`) would let `path` reload now, asked without recording a
 * reload: online, and the path not reloaded less than 10 s ago by the record in `storage`.
 */
import { RELOADS_KEY, shouldReload, type ReloadRecord } from '../../domain/support/reload-guard';

export function reloadAllowed(storage: () => Storage, path: string, now: number, online: boolean): boolean {
  if (!online) return false;
  try {
    const raw = storage().getItem(RELOADS_KEY);
    const parsed: unknown = raw === null ? {} : JSON.parse(raw);
    return shouldReload(parsed !== null && typeof parsed === 'object' ? (parsed as ReloadRecord) : {}, path, now);
  } catch {
    return false;
  }
}
