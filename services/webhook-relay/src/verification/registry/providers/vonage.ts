import type { ProviderRecord } from '../../types.js';

export const VONAGE: ProviderRecord = {
  slug: 'vonage',
  name: 'Vonage',
  family: 'jwt',
  docs: 'https://developer.vonage.com/en/getting-started/concepts/webhooks#decoding-signed-webhooks',
  scheme: { kind: 'jwt-body-hash', header: 'authorization', prefix: 'Bearer ', algorithm: 'HS256', bodyHashClaim: 'payload_hash' },
};
