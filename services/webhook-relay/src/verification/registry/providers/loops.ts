import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const LOOPS: ProviderRecord = {
  slug: 'loops',
  name: 'Loops',
  family: 'standard-webhooks',
  docs: 'https://loops.so/docs/webhooks',
  scheme: standardWebhooks('webhook'),
};
