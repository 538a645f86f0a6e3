import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const RENDER: ProviderRecord = {
  slug: 'render',
  name: 'Render',
  family: 'standard-webhooks',
  docs: 'https://render.com/docs/webhooks',
  scheme: standardWebhooks('webhook'),
};
