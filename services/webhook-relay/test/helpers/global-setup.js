import { prepareTemplateDatabase, testServerUrl } from '@workspace/service-kit/testing';
import { TEMPLATE } from './template.js';

export default async function globalSetup() {
  await prepareTemplateDatabase({ serverUrl: testServerUrl(), ...TEMPLATE });
}
