import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const STANDARD_WEBHOOKS: ProviderRecord = {
  slug: 'standard-webhooks',
  name: 'Standard Webhooks',
  family: 'standard-webhooks',
  docs: 'https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md',
  scheme: standardWebhooks('webhook'),
  eventType: { jsonField: 'type' },
};
