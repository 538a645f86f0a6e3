// Shared jest setup: TypeScript through @swc/jest as native ESM (run with --experimental-vm-modules),
// workspace packages resolved to their sources so tests never need a build of a dependency.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';

const packagesDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How many times longer than on a quiet machine a test may take here: the last minute's load per core, from 1
 * to 4, read when jest starts. CI runs beside other work; a timeout sized for a quiet machine fails there
 * without anything being wrong. jest-environment.js stretches every timeout by it: the default, the ones a
 * test or hook names itself, and jest.setTimeout's. JEST_LOAD_FACTOR sets it instead (a number from 1).
 */
const loadFactor = Number(process.env.JEST_LOAD_FACTOR) || Math.min(4, Math.max(1, loadavg()[0] / availableParallelism()));

export function jestPreset(overrides = {}) {
  const { testTimeout = 30000, ...rest } = overrides;
  return {
    testEnvironment: join(packagesDir, 'service-kit/jest-environment.js'),
    testEnvironmentOptions: { loadFactor },
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
    testTimeout,
    // Repeat every failure's message at the end of the run, whatever the number of files: under turbo the
    // suites' outputs interleave, and CI keeps only the tail of the log.
    reporters: [['default', { summaryThreshold: 0 }]],
    ...rest,
  };
}
