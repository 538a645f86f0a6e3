import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// base64url signature, millisecond timestamp (the format of Sanity's @sanity/webhook, which checks no age).
export const SANITY: ProviderRecord = {
  slug: 'sanity',
  name: 'Sanity',
  family: 'hmac-timestamped',
  docs: 'https://www.sanity.io/docs/webhooks#security',
  scheme: { ...timestampPairs('sanity-webhook-signature', 'v1', { unit: 'milliseconds', encoding: 'base64' }), enforceReplayWindow: false },
};
