import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { ErrorPage } from './error-page';

const messageOf = (error: unknown): string | undefined => {
  if (isRouteErrorResponse(error)) return error.statusText || undefined;
  if (error instanceof Error) return error.message || undefined;
  return undefined;
};

/** The router's error element: a thrown 404 shows the not-found page, anything else the server-error page. */
export function ErrorScreen() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} path={pathname} search={search} message={messageOf(error)} />;
}
