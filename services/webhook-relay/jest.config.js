import { availableParallelism } from 'node:os';
import { jestPreset } from '../../packages/service-kit/jest-preset.js';

// The suite's files run in a worker process that is replaced once it holds more than 1 GB between files: run in
// band, the one process kept every file's module graph (ESM under vm modules is never freed) and ran out of heap
// after about 120 files.
// As many workers as cores, not jest's default of one fewer: this suite is the longest of `pnpm test` (979 s of
// 1,097 on a 2-core machine with one worker, the last 300 s of it alone), and its files spend much of their time
// waiting on servers, PostgreSQL and Redis.
export default jestPreset({
  globalSetup: '<rootDir>/test/helpers/global-setup.js',
  workerIdleMemoryLimit: '1GB',
  maxWorkers: Math.max(2, availableParallelism()),
});
