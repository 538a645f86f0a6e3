import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const INCIDENT_IO: ProviderRecord = {
  slug: 'incident-io',
  name: 'incident.io',
  family: 'standard-webhooks',
  docs: 'https://api-docs.incident.io/tag/Webhooks/',
  scheme: standardWebhooks('webhook'),
};
