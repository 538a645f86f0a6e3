import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const SVIX: ProviderRecord = {
  slug: 'svix',
  name: 'Svix',
  family: 'standard-webhooks',
  docs: 'https://docs.svix.com/receiving/verifying-payloads/how-manual',
  scheme: standardWebhooks('svix'),
};
