import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Polar signs with the secret's UTF-8 bytes, not a base64-decoded key.
export const POLAR: ProviderRecord = {
  slug: 'polar',
  name: 'Polar',
  family: 'standard-webhooks',
  docs: 'https://docs.polar.sh/integrate/webhooks/delivery',
  scheme: standardWebhooks('webhook', 'utf8'),
};
