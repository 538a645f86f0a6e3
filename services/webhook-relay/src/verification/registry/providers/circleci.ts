import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// One `v1=<hex>` per signing version, comma-separated.
export const CIRCLECI: ProviderRecord = {
  slug: 'circleci',
  name: 'CircleCI',
  family: 'hmac-body',
  docs: 'https://circleci.com/docs/webhooks/#validate-webhooks',
  scheme: { ...hmacBody('circleci-signature'), format: { kind: 'list', separator: ',', prefix: 'v1=' } },
};
