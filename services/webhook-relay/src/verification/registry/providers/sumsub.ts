import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// SHA-256 is Sumsub's default signature algorithm (X-Payload-Digest-Alg: HMAC_SHA256_HEX); an endpoint switched to SHA-512 is not covered.
export const SUMSUB: ProviderRecord = {
  slug: 'sumsub',
  name: 'Sumsub',
  family: 'hmac-body',
  docs: 'https://docs.sumsub.com/docs/webhook-manager#verify-webhook-sender',
  scheme: hmacBody('x-payload-digest'),
};
