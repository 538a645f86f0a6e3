import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://developer.clickup.com/docs/webhooksignature
export const CLICKUP: ProviderRecord = {
  slug: 'clickup',
  name: 'ClickUp',
  family: 'hmac-body',
  docs: 'https://developer.clickup.com/docs/webhooksignature',
  scheme: hmacBody('x-signature'),
};
