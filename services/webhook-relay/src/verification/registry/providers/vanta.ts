import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://developer.vanta.com/docs/webhooks (sent through Svix)
export const VANTA: ProviderRecord = {
  slug: 'vanta',
  name: 'Vanta',
  family: 'standard-webhooks',
  docs: 'https://developer.vanta.com/docs/webhooks',
  scheme: standardWebhooks('svix'),
};
