import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const SNYK: ProviderRecord = {
  slug: 'snyk',
  name: 'Snyk',
  family: 'hmac-body',
  docs: 'https://docs.snyk.io/snyk-api/how-to-use-snyk-webhooks-to-integrate-snyk-with-third-party-apps',
  scheme: hmacBody('x-hub-signature', { prefix: 'sha256=' }),
};
