import { V0_MESSAGE, withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const FRAME_IO: ProviderRecord = {
  slug: 'frame-io',
  name: 'Frame.io',
  family: 'hmac-timestamped',
  docs: 'https://developer.frame.io/docs/automations-webhooks/webhooks-overview',
  scheme: withTimestampHeader('x-frameio-signature', 'x-frameio-request-timestamp', V0_MESSAGE, { prefix: 'v0=' }),
};
