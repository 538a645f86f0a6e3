import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const GITEA: ProviderRecord = {
  slug: 'gitea',
  name: 'Gitea',
  family: 'hmac-body',
  docs: 'https://docs.gitea.com/usage/webhooks',
  scheme: hmacBody('x-gitea-signature'),
};
