import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const ETSY: ProviderRecord = {
  slug: 'etsy',
  name: 'Etsy',
  family: 'standard-webhooks',
  docs: 'https://developers.etsy.com/documentation/essentials/webhooks',
  scheme: standardWebhooks('webhook'),
};
