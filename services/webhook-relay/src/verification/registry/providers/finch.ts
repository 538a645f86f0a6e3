import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Finch uses the framing under its own header names, with a bare base64 secret.
export const FINCH: ProviderRecord = {
  slug: 'finch',
  name: 'Finch',
  family: 'standard-webhooks',
  docs: 'https://developer.tryfinch.com/developer-resources/Webhooks',
  scheme: standardWebhooks('finch', 'base64', 'finch-event-id'),
};
