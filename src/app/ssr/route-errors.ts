/**
 * Route errors as JSON, the way react-router's own `StaticRouterProvider` writes them (the browser's
 * router reads them back from `window.__staticRouterHydrationData`): an error response with
 * `__type: 'RouteErrorResponse'`, an `Error` with its message (and its kind, `__subType`), anything
 * else as it is.
 */
import { isRouteErrorResponse } from 'react-router-dom';

export function serializeRouteErrors(errors: Readonly<Record<string, unknown>> | null | undefined): Record<string, unknown> | null {
  if (!errors) return null;
  const serialized: Record<string, unknown> = {};
  for (const [routeId, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) serialized[routeId] = { ...error, __type: 'RouteErrorResponse' };
    else if (error instanceof Error) {
      serialized[routeId] = { message: error.message, __type: 'Error', ...(error.name === 'Error' ? {} : { __subType: error.name }) };
    } else serialized[routeId] = error;
  }
  return serialized;
}
