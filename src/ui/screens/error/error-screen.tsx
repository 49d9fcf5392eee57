import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { ErrorPage } from './error-page';

/**
 * A part of the page (a chunk) that could not be loaded, as each browser words it (Chromium, Firefox,
 * Safari; `loadChunk`'s own, a stalled load or a reload stopped, by their name). Its message names a
 * file URL: a shopper is told what to do instead.
 */
const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed/i;
/** The name `loadChunk` (src/ui/lazy-chunk.ts) gives its failures. */
const CHUNK_LOAD_ERROR = 'ChunkLoadError';

const messageOf = (error: unknown): string | undefined => {
  if (isRouteErrorResponse(error)) return error.statusText || undefined;
  if (error instanceof Error) return error.message || undefined;
  return undefined;
};

/**
 * The router's error element: a thrown 404 shows the not-found page, a chunk that could not be loaded
 * the load-failure page, anything else the server-error page.
 */
export function ErrorScreen() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = messageOf(error);
  const loadFailed = error instanceof Error && (error.name === CHUNK_LOAD_ERROR || CHUNK_LOAD_FAILURE.test(error.message));
  return <ErrorPage status={status} path={pathname} search={search} message={message} loadFailed={loadFailed} />;
}
