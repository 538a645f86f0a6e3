import { jestPreset } from '../../packages/service-kit/jest-preset.js';

// Two files at a time: most of the relay's tests wait on sockets, queues and timers rather than the CPU, and one
// at a time made the repository's test run 15 minutes long (the relay alone 837 s on 2 cores).
export default jestPreset({ maxWorkers: 2, globalSetup: '<rootDir>/test/helpers/global-setup.js' });
