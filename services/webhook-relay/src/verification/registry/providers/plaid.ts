import type { ProviderRecord } from '../../types.js';

// ES256 with Plaid's key (the JWK from /webhook_verification_key/get); Plaid says to refuse tokens older than 5 minutes.
export const PLAID: ProviderRecord = {
  slug: 'plaid',
  name: 'Plaid',
  family: 'jwt',
  docs: 'https://plaid.com/docs/api/webhooks/webhook-verification/',
  scheme: {
    kind: 'jwt-body-hash',
    header: 'plaid-verification',
    algorithm: 'ES256',
    bodyHashClaim: 'request_body_sha256',
    maxAgeSeconds: 300,
  },
};
