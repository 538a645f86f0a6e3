import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const AUTHORIZE_NET: ProviderRecord = {
  slug: 'authorize-net',
  name: 'Authorize.Net',
  family: 'hmac-body',
  docs: 'https://developer.authorize.net/api/reference/features/webhooks.html#Verifying_the_Notification',
  scheme: hmacBody('x-anet-signature', { prefix: 'sha512=', digest: 'sha512', key: 'hex' }),
};
