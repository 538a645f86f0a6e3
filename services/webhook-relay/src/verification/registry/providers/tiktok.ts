import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const TIKTOK: ProviderRecord = {
  slug: 'tiktok',
  name: 'TikTok',
  family: 'hmac-timestamped',
  docs: 'https://developers.tiktok.com/doc/webhooks-verification',
  scheme: timestampPairs('tiktok-signature', 's'),
};
