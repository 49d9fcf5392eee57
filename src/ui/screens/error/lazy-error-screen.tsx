/**
 * The error screen as a chunk of its own, outside the page's first script: most visits never see it.
 * The routes load it with `loadErrorScreen` (route `lazy`); the router's catch-all error elements
 * render `LazyErrorScreen`, which shows it at once when it has loaded and otherwise loads it first.
 */
import { Suspense, use, type ComponentType } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useTexts } from '../../hooks/use-texts';
import { loadChunk } from '../../lazy-chunk';

let loaded: ComponentType | undefined;
let loading: Promise<ComponentType> | undefined;
/** What the error elements wait for: the screen, or nothing when its chunk could not be loaded. */
let shown: Promise<ComponentType | void> | undefined;

/**
 * Loads the error screen's chunk (once; again after a failure). The server and the page's script call
 * it before rendering a page that shows an error, so that its first render is the whole screen.
 */
export function loadErrorScreen(): Promise<ComponentType> {
  loading ??= loadChunk(() => import('./error-screen')).then(
    (module) => (loaded = module.ErrorScreen),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function LoadedErrorScreen() {
  // `use` would suspend once even on a settled promise: a loaded screen is rendered directly. A failed
  // load is not started again at each render (that asked for the chunk in a loop): the page shows the
  // site's load-failure text, and only a navigation's route loader tries the chunk again.
  const Screen = loaded ?? use((shown ??= loadErrorScreen().catch(() => {})));
  return Screen ? <Screen /> : <LoadFailed />;
}

/** The load-failure page without its chunk: the site's title and what to do. */
function LoadFailed() {
  const { t } = useTexts();
  const title = t('error.loadFailedTitle');
  useDocumentTitle(t('common.documentTitle', { page: title, shopName: t('site.shopName') }));
  return (
    <>
      <h1>{title}</h1>
      <p>{t('error.loadFailed')}</p>
    </>
  );
}

/** The router's error element: the error screen, loaded when not loaded yet (an empty space meanwhile). */
export function LazyErrorScreen() {
  return (
    <Suspense fallback={null}>
      <LoadedErrorScreen />
    </Suspense>
  );
}
