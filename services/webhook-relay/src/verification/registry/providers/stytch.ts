import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const STYTCH: ProviderRecord = {
  slug: 'stytch',
  name: 'Stytch',
  family: 'standard-webhooks',
  docs: 'https://stytch.com/docs/guides/webhooks/getting-started',
  scheme: standardWebhooks('svix'),
};
