import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const FLAGSMITH: ProviderRecord = {
  slug: 'flagsmith',
  name: 'Flagsmith',
  family: 'hmac-body',
  docs: 'https://docs.flagsmith.com/system-administration/webhooks',
  scheme: hmacBody('x-flagsmith-signature'),
};
