/**
 * Stands in for TanStack Form's `transform.js` in the support pages' build (see
 * scripts/vite-vendor-swaps.ts). `mergeAndUpdate` applies a form's `transform` option (server-action
 * form state merged in) on every render of `useForm`; the support forms pass no `transform`, where
 * the original returns at once too. A form that passes one fails loudly instead of silently.
 */
import { unavailable } from './unavailable';
export function mergeAndUpdate(_form: unknown, transform?: unknown): undefined {
  if (transform) unavailable();
  return undefined;
}
