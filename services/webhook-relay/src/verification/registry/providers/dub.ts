import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const DUB: ProviderRecord = {
  slug: 'dub',
  name: 'Dub',
  family: 'hmac-body',
  docs: 'https://dub.co/docs/concepts/webhooks/verify-webhook-requests',
  scheme: hmacBody('dub-signature'),
};
