import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const INTERCOM: ProviderRecord = {
  slug: 'intercom',
  name: 'Intercom',
  family: 'hmac-body',
  docs: 'https://developers.intercom.com/docs/references/webhooks/webhook-models#signed-notifications',
  scheme: hmacBody('x-hub-signature', { prefix: 'sha1=', digest: 'sha1' }),
};
