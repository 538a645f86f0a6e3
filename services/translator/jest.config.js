import { jestPreset } from '../../packages/service-kit/jest-preset.js';

// Engine tests spawn real Apertium chains; they share 2 cores, so files run one at a time.
export default jestPreset({ maxWorkers: 1, globalSetup: '<rootDir>/test/helpers/global-setup.js', testTimeout: 60_000 });
