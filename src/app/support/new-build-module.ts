/**
 * The new-build watch in the browser (a chunk of its own, started when the page is idle): the build
 * the page names, the window's clock, `fetch`, the document's visibility and focus, and full loads
 * through the page's reload guard. With it, a navigation to another page starts untouched, and a chunk
 * that fails to load reloads the page only while the server answers, also a touched page whose input
 * the draft keeps (`chunk-failure-reload.ts`).
 */
import { BrowserClock } from '../../adapters/browser/browser-clock';
import { FetchHttpClient } from '../../adapters/browser/fetch-http-client';
import { parseBuildId } from '../../domain/support/new-build';
import { LATEST_BUILD_URL, watchForNewBuild, type NavigatingRouter, type Visibility } from './new-build-watch';
import type { Interaction } from './interaction';
import { inputKept, reloadOnChunkFailure, serverAnswers, TYPING_PAUSE_MS } from './chunk-failure-reload';
import { reloadAllowed } from './reload-allowed';
import { OPTIONAL_CHUNKS, type LoadTarget } from './reload-guard';
import { documentViews } from './document-views';
import { browserSpot, reloadUnseen } from './unseen-reload';
import { focusKeptField, forgetKeptFocus, keepFocusForReload } from './reload-focus';

export const SERVER_BUILD_META = 'support-build';

const session = (): Storage => window.sessionStorage;

/** How long the server may take to answer before a reload for a missing chunk is given up. */
const SERVER_CHECK_MS = 3000;

const NOT_TYPED_INTO = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image', 'range', 'color', 'hidden']);

/** Whether the focus is in a field one types into. */
export function isTyping(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement) return true;
  if (element instanceof HTMLInputElement) return !NOT_TYPED_INTO.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

const documentVisibility = (doc: Document): Visibility => ({
  hidden: () => doc.visibilityState === 'hidden',
  subscribe: (listener) => {
    doc.addEventListener('visibilitychange', listener);
    return () => doc.removeEventListener('visibilitychange', listener);
  },
});

/** The address bar's page: a navigation that already changed it (back, forward, done) reloads it. */
const fullLoad = (href: string): void => {
  const { pathname, search, hash } = window.location;
  if (href === pathname + search + hash) window.location.reload();
  else window.location.assign(href);
};

/**
 * A navigation to another page shows that page afresh, so it starts untouched: a chunk it misses (a
 * deploy the watch has not seen yet took the old build's files) reloads it, though the visitor
 * clicked or pressed a key to get there. Answers the unsubscribe.
 */
function untouchOnNavigation(router: NavigatingRouter, interaction: Interaction): () => void {
  let path = router.state.location.pathname;
  return router.subscribe(({ location }) => {
    if (location.pathname !== path) interaction.untouch();
    path = location.pathname;
  });
}

export function startNewBuildWatch(
  router: NavigatingRouter,
  tryReload: (target?: LoadTarget) => boolean,
  interaction: Interaction,
  /** Stops the page's own handler of chunks that fail to load: `reloadOnChunkFailure` answers in its place. */
  stopPageChunkReload: () => void = () => {},
): () => void {
  const stopUntouching = untouchOnNavigation(router, interaction);
  // A screen a reload could not show again (`data-kept-page`: a cancellation's confirmation after its
  // time in the history entry is up) stays, as what the visitor typed does. Named, not imported: a
  // module this chunk shared with the cancellation's would move into the page's first script.
  const keptOrTouched = () => interaction.touched() || document.querySelector('[data-kept-page]') !== null;
  // A page whose view this document delivered goes on with it in the reloaded one, which does not
  // track it again (`unseen-reload.ts`); one still waiting for consent is tracked by the reloaded page.
  const reload = () => {
    keepFocusForReload(session, document, isTyping);
    const reloading = tryReload();
    if (!reloading) forgetKeptFocus(session);
    return reloading;
  };
  const reloadInPlace = () => (documentViews.trackedAt(browserSpot.address()) ? reloadUnseen(browserSpot, reload) : reload());
  focusKeptField(session, document);
  // When the visitor last typed: a reload for a failed chunk waits for a pause in typing. A
  // composition (an input method's candidates being chosen) fires no input event until it ends: it
  // counts as typing while open.
  let typedAt = -Infinity;
  let composing = false;
  const typed = (event: Event) => {
    typedAt = Date.now();
    if (event.type !== 'input') composing = event.type === 'compositionstart';
  };
  const typingEvents = ['input', 'compositionstart', 'compositionend'];
  for (const type of typingEvents) document.addEventListener(type, typed, true);
  const stopChunkReload = reloadOnChunkFailure({
    target: window,
    touched: keptOrTouched,
    inputKept: () => inputKept(),
    mayReload: () => reloadAllowed(() => window.sessionStorage, window.location.pathname, Date.now(), window.navigator.onLine !== false),
    serverAnswers: () => serverAnswers(`${LATEST_BUILD_URL}?t=${Date.now()}`, SERVER_CHECK_MS),
    tryReload: reloadInPlace,
    optional: OPTIONAL_CHUNKS,
    typing: () => isTyping(document.activeElement) && (composing || Date.now() - typedAt < TYPING_PAUSE_MS),
    later: (run, ms) => window.setTimeout(run, ms),
  });
  stopPageChunkReload();
  const stopWatch = watchForNewBuild({
    served: parseBuildId(document.querySelector(`meta[name="${SERVER_BUILD_META}"]`)?.getAttribute('content')),
    clock: new BrowserClock(),
    http: new FetchHttpClient(),
    visibility: documentVisibility(document),
    router,
    typing: () => isTyping(document.activeElement),
    touched: keptOrTouched,
    tryReload: reloadInPlace,
    tryFullLoad: (href, path) =>
      tryReload({
        path,
        load: () => {
          // The page shown next is the loaded one's, and so is its view.
          documentViews.leave(href.replace(/#.*/, ''));
          fullLoad(href);
        },
      }),
  });
  return () => {
    stopUntouching();
    for (const type of typingEvents) document.removeEventListener(type, typed, true);
    stopChunkReload();
    stopWatch();
  };
}
