import type { ProviderRecord } from '../../types.js';

export const PIPEDRIVE: ProviderRecord = {
  slug: 'pipedrive',
  name: 'Pipedrive',
  family: 'shared-secret',
  docs: 'https://pipedrive.readme.io/docs/guide-for-webhooks',
  scheme: { kind: 'basic', header: 'authorization' },
};
