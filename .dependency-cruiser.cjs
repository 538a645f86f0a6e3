// The layering the code follows, checked by `pnpm lint` (npm test and CI run it). Each rule says why it exists.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-service-imports-another-service',
      comment: 'Each service owns its database and deploys alone: share code through packages/, never across services.',
      severity: 'error',
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'contracts-import-only-zod-and-openapi',
      comment: 'packages/contracts is the wire contract every surface builds on: zod schemas and the OpenAPI helper only.',
      severity: 'error',
      from: { path: '^packages/contracts/src/' },
      to: {
        pathNot: ['^packages/contracts/src/', 'node_modules/zod/', 'node_modules/@asteasolutions/zod-to-openapi/'],
      },
    },
    {
      name: 'domain-never-imports-http',
      comment: 'Domain code works the same from HTTP, workers and scripts; only src/http knows about requests.',
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: { path: '^services/[^/]+/src/http/' },
    },
    {
      name: 'cli-never-imports-a-service',
      comment: 'The CLI talks to the relay through its REST API only, as any other client does.',
      severity: 'error',
      from: { path: '^packages/relay-cli/' },
      to: { path: '^services/' },
    },
    {
      name: 'packages-never-import-services',
      comment: 'Services depend on packages, never the reverse.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^services/' },
    },
    {
      name: 'bench-uses-package-exports',
      comment: 'bench/ uses services and packages through their package.json exports, not by reaching into their files.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^(services|packages)/', dependencyTypes: ['local'] },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make start-up order and module mocks fragile; none exist today.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)src/generated/', '(^|/)\\.local/'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
