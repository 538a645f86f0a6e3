import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: Paddle's page (developer.paddle.com/webhooks/signature-verification) is stored without its format section;
// third-party verifiers agree on `ts=..;h1=..` (several h1 during a rotation) over `{ts}:{body}`.
export const PADDLE: ProviderRecord = {
  slug: 'paddle',
  name: 'Paddle',
  family: 'hmac-timestamped',
  docs: 'https://developer.paddle.com/webhooks/signature-verification',
  scheme: timestampPairs('paddle-signature', 'h1', {
    timestampKey: 'ts',
    pairSeparator: ';',
    message: ['timestamp', { literal: ':' }, 'body'],
  }),
};
