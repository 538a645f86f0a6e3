import type { ProviderRecord } from '../../types.js';

export const MARQETA: ProviderRecord = {
  slug: 'marqeta',
  name: 'Marqeta',
  family: 'shared-secret',
  docs: 'https://www.marqeta.com/docs/developer-guides/about-webhooks',
  scheme: { kind: 'basic', header: 'authorization' },
};
