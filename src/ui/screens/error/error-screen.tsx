import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { useTexts } from '../../hooks/use-texts';
import { ErrorPage } from './error-page';

/**
 * A part of the page (a chunk) that could not be loaded, as each browser words it (Chromium,
 * Firefox, Safari). Its message names a file URL: a shopper is told what to do instead.
 */
const CHUNK_LOAD_FAILURE = /dynamically imported module|Importing a module script failed/i;

const messageOf = (error: unknown, loadFailed: string): string | undefined => {
  if (isRouteErrorResponse(error)) return error.statusText || undefined;
  if (error instanceof Error) return CHUNK_LOAD_FAILURE.test(error.message) ? loadFailed : error.message || undefined;
  return undefined;
};

/** The router's error element: a thrown 404 shows the not-found page, anything else the server-error page. */
export function ErrorScreen() {
  const error = useRouteError();
  const { t } = useTexts();
  const { pathname, search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const loadFailed = t('error.loadFailed');
  const message = messageOf(error, loadFailed);
  return <ErrorPage status={status} path={pathname} search={search} message={message} localMessage={message === loadFailed} />;
}
