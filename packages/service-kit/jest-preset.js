// Shared jest setup: TypeScript through @swc/jest as native ESM (run with --experimental-vm-modules),
// workspace packages resolved to their sources so tests never need a build of a dependency.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How many times longer than on a quiet machine a test may take here: the last minute's load per core, from 1
 * to 4, read when jest starts. CI runs beside other work; a default timeout sized for a quiet machine fails
 * there without anything being wrong. Explicit per-test timeouts are the test's own.
 */
const loadFactor = Math.min(4, Math.max(1, loadavg()[0] / availableParallelism()));

export function jestPreset(overrides = {}) {
  const { testTimeout = 30000, ...rest } = overrides;
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
    testTimeout: Math.round(testTimeout * loadFactor),
    // Repeat every failure's message at the end of the run, whatever the number of files: under turbo the
    // suites' outputs interleave, and CI keeps only the tail of the log.
    reporters: [['default', { summaryThreshold: 0 }]],
    ...rest,
  };
}
