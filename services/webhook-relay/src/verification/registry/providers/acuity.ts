import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Keyed by the account's API key.
export const ACUITY: ProviderRecord = {
  slug: 'acuity',
  name: 'Acuity Scheduling',
  family: 'hmac-body',
  docs: 'https://developers.acuityscheduling.com/docs/webhooks#verifying-webhook-requests',
  scheme: hmacBody('x-acuity-signature', { encoding: 'base64' }),
};
