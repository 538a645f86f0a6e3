import { jestPreset } from '../../packages/service-kit/jest-preset.js';

// The suite's files run in a worker process that is replaced once it holds more than 1 GB between files: run in
// band, the one process kept every file's module graph (ESM under vm modules is never freed) and ran out of heap
// after about 120 files.
export default jestPreset({ globalSetup: '<rootDir>/test/helpers/global-setup.js', workerIdleMemoryLimit: '1GB' });
