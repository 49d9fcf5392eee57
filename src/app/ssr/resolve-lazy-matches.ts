/**
 * Resolves the `lazy` routes a location matches, before the browser's router is made. A router whose
 * first matches are still lazy renders its hydrate fallback first, which would replace the server's
 * markup: resolved beforehand, the first render in the browser is the server's page
 * (react-router's documented way to hydrate lazy routes).
 */
import { matchRoutes, type RouteObject } from 'react-router-dom';

type Lazy = NonNullable<RouteObject['lazy']>;

async function propertiesOf(lazy: Lazy): Promise<Record<string, unknown>> {
  if (typeof lazy === 'function') return (await lazy()) as Record<string, unknown>;
  const entries = await Promise.all(
    Object.entries(lazy as Record<string, (() => Promise<unknown>) | undefined>).map(async ([key, load]) => [key, await load?.()] as const),
  );
  return Object.fromEntries(entries.filter(([, value]) => value != null));
}

/**
 * Loads the lazy properties of every route matching `location` into the route objects themselves (a
 * failed chunk rejects, after Vite's `vite:preloadError`).
 */
export async function resolveLazyMatches(routes: RouteObject[], location: string): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy) return;
      const properties = await propertiesOf(route.lazy);
      Object.assign(route, properties, { lazy: undefined });
    }),
  );
}
