/**
 * Vendor code the support pages never run in a shopper's browser, swapped at build time for
 * stand-ins with the same surface (each stand-in says why):
 * - TanStack Form's devtools client (src/app/support/vendor/devtools-event-client-off.ts);
 * - TanStack Form's form groups (src/app/support/vendor/form-group-off.ts);
 * - TanStack Form's Standard Schema adapter (src/app/support/vendor/standard-schema-off.ts): the
 *   support forms' validators are functions;
 * - TanStack Form's array item moves (src/app/support/vendor/array-moves-off.ts): the support forms
 *   set their one array value whole;
 * - TanStack Form's `transform` option (src/app/support/vendor/transform-off.ts): the support forms
 *   merge no server-action state into their form;
 * - the throttle of TanStack Form's devtools reports (src/app/support/vendor/pacer-lite-off.ts);
 * - React Router's development build, which its package exports under every condition, for the
 *   production build it ships beside it (the same code without the development warnings);
 * - the pre-React-18 shim of useSyncExternalStore that TanStack Store imports: React 19 has the
 *   hook, and the package's own non-shim entry uses it.
 * - the UMD build of `dlv` (rosetta's key lookup), which its `browser` field names, for its ES module
 *   build: the same function once, without the three copies the UMD wrapper carries.
 * - the devtools calls in TanStack Form's FormApi, cut out of its source (./devtools-calls-off.ts);
 * - the FormApi methods the support forms never call, and its form-group store, cut out of its source
 *   (./unused-methods-off.ts).
 * Tests run against the real packages (Vitest does not use this plugin).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { withoutDevtoolsCalls } from './devtools-calls-off';
import { withoutUnusedMethods } from './unused-methods-off';

const standIn = (file: string): string => fileURLToPath(new URL(`../src/app/support/vendor/${file}`, import.meta.url));

const reactRouterProduction = (file: string): string =>
  join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production', file);

export function vendorSwaps(): Plugin {
  return {
    name: 'vendor-swaps',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          { find: '@tanstack/devtools-event-client', replacement: standIn('devtools-event-client-off.ts') },
          { find: '@tanstack/pacer-lite', replacement: standIn('pacer-lite-off.ts') },
          { find: 'use-sync-external-store/shim/with-selector', replacement: 'use-sync-external-store/with-selector' },
          { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
          { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
          { find: /^dlv$/, replacement: createRequire(import.meta.url).resolve('dlv/dist/dlv.es.js') },
        ],
      },
    }),
    resolveId(source, importer) {
      if (source === './useFormGroup.js' && importer !== undefined && /[\\/]@tanstack[\\/]react-form[\\/]/.test(importer)) {
        return standIn('form-group-off.ts');
      }
      if (source === './standardSchemaValidator.js' && importer !== undefined && /[\\/]@tanstack[\\/]form-core[\\/]/.test(importer)) {
        return standIn('standard-schema-off.ts');
      }
      if (source === './metaHelper.js' && importer !== undefined && /[\\/]@tanstack[\\/]form-core[\\/]/.test(importer)) {
        return standIn('array-moves-off.ts');
      }
      if (source === './transform.js' && importer !== undefined && /[\\/]@tanstack[\\/]form-core[\\/]/.test(importer)) {
        return standIn('transform-off.ts');
      }
      return null;
    },
    transform(code, id) {
      if (!/[\\/]@tanstack[\\/]form-core[\\/]dist[\\/]esm[\\/]FormApi\.js$/.test(id)) return null;
      const trimmed = withoutDevtoolsCalls(code);
      return { code: withoutUnusedMethods(trimmed, (source) => this.parse(source)), map: null };
    },
  };
}
