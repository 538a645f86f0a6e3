import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const BITBUCKET: ProviderRecord = {
  slug: 'bitbucket',
  name: 'Bitbucket',
  family: 'hmac-body',
  docs: 'https://support.atlassian.com/bitbucket-cloud/docs/manage-webhooks/#Secure-webhooks',
  scheme: hmacBody('x-hub-signature', { prefix: 'sha256=' }),
};
