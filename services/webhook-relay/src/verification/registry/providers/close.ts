import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Close issues the signature key hex-encoded.
export const CLOSE: ProviderRecord = {
  slug: 'close',
  name: 'Close',
  family: 'hmac-timestamped',
  docs: 'https://developer.close.com/topics/webhooks/#webhook-signatures',
  scheme: withTimestampHeader('close-sig-hash', 'close-sig-timestamp', ['timestamp', 'body'], { key: 'hex' }),
};
