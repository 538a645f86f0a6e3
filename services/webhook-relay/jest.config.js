import { jestPreset } from '../../packages/service-kit/jest-preset.js';

export default jestPreset({ globalSetup: '<rootDir>/test/helpers/global-setup.js' });
