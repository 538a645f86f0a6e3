import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const CALENDLY: ProviderRecord = {
  slug: 'calendly',
  name: 'Calendly',
  family: 'hmac-timestamped',
  docs: 'https://developer.calendly.com/api-docs/4c305798a61d3-webhook-signatures',
  scheme: timestampPairs('calendly-webhook-signature', 'v1'),
};
