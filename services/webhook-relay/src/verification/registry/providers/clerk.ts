import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const CLERK: ProviderRecord = {
  slug: 'clerk',
  name: 'Clerk',
  family: 'standard-webhooks',
  docs: 'https://clerk.com/docs/webhooks/sync-data',
  scheme: standardWebhooks('svix'),
};
