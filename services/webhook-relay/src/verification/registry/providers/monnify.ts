import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const MONNIFY: ProviderRecord = {
  slug: 'monnify',
  name: 'Monnify',
  family: 'hmac-body',
  docs: 'https://developers.monnify.com/docs/webhooks/webhook-security',
  scheme: hmacBody('monnify-signature', { digest: 'sha512' }),
};
