import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// ElevenLabs' own SDK (construct_event) accepts timestamps up to 30 minutes old.
export const ELEVENLABS: ProviderRecord = {
  slug: 'elevenlabs',
  name: 'ElevenLabs',
  family: 'hmac-timestamped',
  docs: 'https://elevenlabs.io/docs/product-guides/administration/webhooks',
  scheme: timestampPairs('elevenlabs-signature', 'v0', { toleranceSeconds: 1800 }),
};
