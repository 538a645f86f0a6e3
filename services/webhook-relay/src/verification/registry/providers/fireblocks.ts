import type { ProviderRecord } from '../../types.js';

// The Fireblocks-Signature header (Base64 RSA-SHA512 of the body); its JWKS-keyed detached JWS successor is not covered yet.
export const FIREBLOCKS: ProviderRecord = {
  slug: 'fireblocks',
  name: 'Fireblocks',
  family: 'asymmetric',
  docs: 'https://developers.fireblocks.com/reference/validating-webhooks',
  scheme: { kind: 'rsa-sha512', signatureHeader: 'fireblocks-signature', signatureEncoding: 'base64', message: ['body'] },
};
