import type { ProviderRecord } from '../../types.js';

// Bird's current scheme (its documentation, over the older MessageBird-Signature-JWT): base64 HMAC-SHA256
// of `{timestamp}\n{url}\n{raw sha256 of the body}`. The page does not give the timestamp's unit; MessageBird's was seconds.
export const BIRD: ProviderRecord = {
  slug: 'bird',
  name: 'Bird (MessageBird)',
  family: 'hmac-request',
  docs: 'https://docs.bird.com/api/notifications-api/api-reference/webhooks/verifying-a-webhook',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'messagebird-signature',
    format: { kind: 'plain' },
    digest: 'sha256',
    encoding: 'base64',
    key: 'utf8',
    timestamp: { header: 'messagebird-request-timestamp', unit: 'seconds' },
    message: ['timestamp', { literal: '\n' }, 'url', { literal: '\n' }, 'body-sha256'],
  },
};
