/**
 * The error screen as a chunk of its own, outside the page's first script: most visits never see it.
 * The routes load it with `loadErrorScreen` (route `lazy`); the router's catch-all error elements
 * render `LazyErrorScreen`, which shows it at once when it has loaded and otherwise loads it first.
 */
import { Suspense, use, type ComponentType } from 'react';

let loaded: ComponentType | undefined;
let loading: Promise<ComponentType> | undefined;

/**
 * Loads the error screen's chunk (once; again after a failure). The server and the page's script call
 * it before rendering a page that shows an error, so that its first render is the whole screen.
 */
export function loadErrorScreen(): Promise<ComponentType> {
  loading ??= import('./error-screen').then(
    (module) => (loaded = module.ErrorScreen),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function LoadedErrorScreen() {
  // `use` would suspend once even on a settled promise: a loaded screen is rendered directly.
  const Screen = loaded ?? use(loadErrorScreen());
  return <Screen />;
}

/** The router's error element: the error screen, loaded when not loaded yet (an empty space meanwhile). */
export function LazyErrorScreen() {
  return (
    <Suspense fallback={null}>
      <LoadedErrorScreen />
    </Suspense>
  );
}
