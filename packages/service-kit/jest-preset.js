// Shared jest setup: TypeScript through @swc/jest as native ESM (run with --experimental-vm-modules),
// workspace packages resolved to their sources so tests never need a build of a dependency.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), '..');

export function jestPreset(overrides = {}) {
  return {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts'],
    testMatch: ['<rootDir>/test/**/*.test.ts'],
    moduleNameMapper: {
      '^@workspace/contracts$': join(packagesDir, 'contracts/src/index.ts'),
      '^@workspace/service-kit$': join(packagesDir, 'service-kit/src/index.ts'),
      '^@workspace/service-kit/testing$': join(packagesDir, 'service-kit/src/testing/index.ts'),
      '^@workspace/service-kit/sessions$': join(packagesDir, 'service-kit/src/sessions/redis-session-store.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
          module: { type: 'es6' },
        },
      ],
    },
    testTimeout: 30000,
    // Repeat every failure's message at the end of the run, whatever the number of files: under turbo the
    // suites' outputs interleave, and CI keeps only the tail of the log.
    reporters: [['default', { summaryThreshold: 0 }]],
    ...overrides,
  };
}
