import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const DOPPLER: ProviderRecord = {
  slug: 'doppler',
  name: 'Doppler',
  family: 'hmac-body',
  docs: 'https://docs.doppler.com/docs/webhooks#verify-webhook-with-secret',
  scheme: hmacBody('x-doppler-signature', { prefix: 'sha256=' }),
};
