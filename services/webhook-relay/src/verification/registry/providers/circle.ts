import type { ProviderRecord } from '../../types.js';

// The key comes from /v2/notifications/publicKey/{X-Circle-Key-Id}, base64 DER.
export const CIRCLE: ProviderRecord = {
  slug: 'circle',
  name: 'Circle',
  family: 'asymmetric',
  docs: 'https://developers.circle.com/api-reference/verify-webhook-signatures',
  scheme: { kind: 'ecdsa-p256', signatureHeader: 'x-circle-signature', signatureEncoding: 'base64', message: ['body'] },
};
