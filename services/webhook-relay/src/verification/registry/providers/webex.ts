import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const WEBEX: ProviderRecord = {
  slug: 'webex',
  name: 'Webex',
  family: 'hmac-body',
  docs: 'https://developer.webex.com/docs/webhooks#handling-requests-from-webex',
  scheme: hmacBody('x-spark-signature', { digest: 'sha1' }),
};
