import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const ATTIO: ProviderRecord = {
  slug: 'attio',
  name: 'Attio',
  family: 'hmac-body',
  docs: 'https://docs.attio.com/rest-api/guides/webhooks#authenticating-webhooks',
  scheme: hmacBody('attio-signature'),
};
