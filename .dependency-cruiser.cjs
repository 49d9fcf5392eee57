/** The hexagon's walls. `npm run walls` (part of `npm test`) fails on any of these. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain imports only zod and other domain files.',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { pathNot: ['^src/domain', '^src/ports', '^node_modules/zod'] },
    },
    {
      name: 'domain-names-ports-as-types-only',
      comment: 'The domain may name a port interface (import type), never run port code.',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { path: '^src/ports', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ports-depend-on-domain-only',
      comment: 'src/ports may name domain types, nothing else.',
      severity: 'error',
      from: { path: '^src/ports' },
      to: { pathNot: ['^src/ports', '^src/domain', '^node_modules/zod'] },
    },
    {
      name: 'ui-never-imports-adapters',
      comment: 'React reaches adapters only through ports wired in src/app.',
      severity: 'error',
      from: { path: '^src/ui' },
      to: { path: ['^src/adapters', '^src/app'] },
    },
    {
      name: 'adapters-never-import-ui-or-app',
      severity: 'error',
      from: { path: '^src/adapters' },
      to: { path: ['^src/ui', '^src/app'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
