import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Keyed by the channel secret.
export const LINE: ProviderRecord = {
  slug: 'line',
  name: 'LINE Messaging API',
  family: 'hmac-body',
  docs: 'https://developers.line.biz/en/reference/messaging-api/#signature-validation',
  scheme: hmacBody('x-line-signature', { encoding: 'base64' }),
};
