/**
 * Route errors written into a server-rendered page as react-router's own static provider writes them,
 * so that the browser's router reads them back as errors.
 */
import { createBrowserRouter, isRouteErrorResponse } from 'react-router-dom';
import { serializeRouteErrors } from '../../../src/app/ssr/route-errors';

describe('serializeRouteErrors', () => {
  it('marks error responses and errors, and keeps anything else as it is', () => {
    const response = { status: 404, statusText: 'Not Found', internal: false, data: null };
    expect(isRouteErrorResponse(response)).toBe(true);
    expect(serializeRouteErrors({ a: response, b: new Error('failed'), c: new TypeError('bad type'), d: 'text' })).toEqual({
      a: { status: 404, statusText: 'Not Found', internal: false, data: null, __type: 'RouteErrorResponse' },
      b: { message: 'failed', __type: 'Error' },
      c: { message: 'bad type', __type: 'Error', __subType: 'TypeError' },
      d: 'text',
    });
    expect(serializeRouteErrors(null)).toBeNull();
  });

  it("gives data the browser's router turns back into an error response", () => {
    window.history.replaceState(null, '', '/');
    window.__staticRouterHydrationData = {
      loaderData: {},
      actionData: null,
      errors: serializeRouteErrors({ page: { status: 404, statusText: 'Not Found', internal: false, data: null } }),
    };
    const router = createBrowserRouter([{ id: 'page', path: '/', loader: () => null, element: null }]);
    window.__staticRouterHydrationData = undefined;
    const error = router.state.errors?.page;
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(isRouteErrorResponse(error) && [error.status, error.statusText]).toEqual([404, 'Not Found']);
    router.dispose();
  });
});
