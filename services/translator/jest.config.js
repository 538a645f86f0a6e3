import { jestPreset } from '../../packages/service-kit/jest-preset.js';

// Engine tests spawn real Apertium chains; they share 2 cores, so files run one at a time. They run in one worker
// process that is replaced once it holds more than 1 GB between files: with one worker and no such limit, jest runs
// every file in band, in its own process, which kept every file's module graph (ESM under vm modules is never freed)
// and ran out of heap at 4 GB after 76 files in one CI run (the relay's suite met the same, jest.config.js there).
export default jestPreset({
  maxWorkers: 1,
  workerIdleMemoryLimit: '1GB',
  globalSetup: '<rootDir>/test/helpers/global-setup.js',
  testTimeout: 60_000,
});
