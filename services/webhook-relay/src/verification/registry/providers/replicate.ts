import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const REPLICATE: ProviderRecord = {
  slug: 'replicate',
  name: 'Replicate',
  family: 'standard-webhooks',
  docs: 'https://replicate.com/docs/topics/webhooks/verify-webhook',
  scheme: standardWebhooks('webhook'),
};
