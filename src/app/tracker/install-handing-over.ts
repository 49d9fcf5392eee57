import type { CollectOnTrackApi, InstallOptions } from '../tracker-types';
import { isBrowser } from './browser-deps';
import { LINE_KEY, type LineHolder } from './direct-line';
import { install } from './install';
import type { TrackerDeps } from './create-tracker';

/**
 * Installs the tracker (install.ts). The direct pushes made before it enter at once, ahead of what the
 * page pushes on the instance next (`install(...).pushInitialPageData(...)`), not at the line's next try.
 * The library's public `install` passes the options alone: `deps` is for tests.
 */
export function installHandingOver(options?: InstallOptions, deps?: TrackerDeps): CollectOnTrackApi {
  const api = install(options, deps);
  // A line made by an older copy of the library may lack handOver: its next try hands the pushes over.
  if (isBrowser()) (window as unknown as LineHolder)[LINE_KEY]?.handOver?.();
  return api;
}
