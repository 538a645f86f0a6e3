import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const BREX: ProviderRecord = {
  slug: 'brex',
  name: 'Brex',
  family: 'standard-webhooks',
  docs: 'https://developer.brex.com/docs/webhooks/',
  scheme: standardWebhooks('webhook'),
};
