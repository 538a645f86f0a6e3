import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Airwallex sets no window for x-timestamp.
export const AIRWALLEX: ProviderRecord = {
  slug: 'airwallex',
  name: 'Airwallex',
  family: 'hmac-timestamped',
  docs: 'https://www.airwallex.com/docs/developer-tools__listen-for-webhook-events',
  scheme: {
    ...withTimestampHeader('x-signature', 'x-timestamp', ['timestamp', 'body'], { unit: 'milliseconds' }),
    enforceReplayWindow: false,
  },
};
