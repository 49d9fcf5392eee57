/**
 * Vendor code the support pages never run in a shopper's browser, swapped at build time for
 * stand-ins with the same surface (each stand-in says why):
 * - TanStack Form's devtools client (src/app/support/vendor/devtools-event-client-off.ts);
 * - TanStack Form's form groups (src/app/support/vendor/form-group-off.ts);
 * - the pre-React-18 shim of useSyncExternalStore that TanStack Store imports: React 19 has the
 *   hook, and the package's own non-shim entry uses it.
 * Tests run against the real packages (Vitest does not use this plugin).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const standIn = (file: string): string => fileURLToPath(new URL(`../src/app/support/vendor/${file}`, import.meta.url));

export function vendorSwaps(): Plugin {
  return {
    name: 'vendor-swaps',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: {
          '@tanstack/devtools-event-client': standIn('devtools-event-client-off.ts'),
          'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
        },
      },
    }),
    resolveId(source, importer) {
      if (source === './useFormGroup.js' && importer !== undefined && /[\\/]@tanstack[\\/]react-form[\\/]/.test(importer)) {
        return standIn('form-group-off.ts');
      }
      return null;
    },
  };
}
