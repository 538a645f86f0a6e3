import { jestPreset } from '../../packages/service-kit/jest-preset.js';
export default jestPreset();
