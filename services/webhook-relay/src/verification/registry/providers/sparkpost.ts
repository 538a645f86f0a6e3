import type { ProviderRecord } from '../../types.js';

export const SPARKPOST: ProviderRecord = {
  slug: 'sparkpost',
  name: 'SparkPost',
  family: 'shared-secret',
  docs: 'https://developers.sparkpost.com/api/webhooks/',
  scheme: { kind: 'basic', header: 'authorization' },
};
