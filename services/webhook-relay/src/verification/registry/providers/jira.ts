import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const JIRA: ProviderRecord = {
  slug: 'jira',
  name: 'Jira (admin webhooks)',
  family: 'hmac-body',
  docs: 'https://developer.atlassian.com/cloud/jira/platform/webhooks/#secure-admin-webhooks',
  scheme: hmacBody('x-hub-signature', { prefix: 'sha256=' }),
};
