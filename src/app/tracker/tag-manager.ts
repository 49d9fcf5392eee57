/**
 * The tag manager's container script (spec §7.8 "Script loads: … the tag-manager container script";
 * its URL is not shown, so it is the option `endpoints.tagManagerScript`). Loaded once per page, as
 * the tag manager's own snippet does: the `gtm.js` start entry, then the async script.
 */
import { LogLevel, causeText, type LogSink } from '../../domain/tracking/log-buffer';
import type { Clock } from '../../ports/clock';
import type { DataLayer } from '../../ports/data-layer';

export const tagManagerLoadFailed = (url: string) => `The tag manager container could not be loaded from ${url}`;
export const tagManagerOnPage = (url: string) => `A tag manager container has started on this page already: ${url} is not loaded.`;

export interface TagManagerDeps {
  readonly dataLayer: DataLayer;
  readonly clock: Clock;
  readonly log: LogSink;
  /** Adds the script to the page (browser: a `<script async>`); absent outside a browser. */
  readonly loadScript?: (url: string) => Promise<void>;
  readonly scriptOnPage?: (url: string) => boolean;
}

/**
 * A loader that loads the container at most once, whatever calls it, and not at all when its script
 * is on the page (the page's own snippet, or a tracker a new install replaced); nothing without a URL.
 * Another container's start entry does not stop it: a page may run several containers, each started
 * by its own snippet.
 */
export function tagManagerContainer(url: string, deps: TagManagerDeps): () => void {
  let requested = false;
  return () => {
    if (requested || url === '' || !deps.loadScript) return;
    requested = true;
    if (deps.scriptOnPage?.(url)) {
      deps.log(LogLevel.info, tagManagerOnPage(url));
      return;
    }
    try {
      deps.dataLayer.push({ 'gtm.start': deps.clock.now(), event: 'gtm.js' }, { optional: true });
    } catch (error) {
      // A data layer the page made unusable (no array, frozen, a throwing getter): no container could
      // read it either, and install must go on for the other destinations.
      deps.log(LogLevel.warn, `${tagManagerLoadFailed(url)}: ${causeText(error)}`);
      return;
    }
    deps.loadScript(url).catch(() => deps.log(LogLevel.warn, tagManagerLoadFailed(url)));
  };
}
