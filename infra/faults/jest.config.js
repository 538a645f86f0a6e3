import { jestPreset } from '../../packages/service-kit/jest-preset.js';

// Each file starts real service processes on free ports: one file at a time keeps the 2 cores for them.
export default jestPreset({ maxWorkers: 1, testTimeout: 600_000 });
