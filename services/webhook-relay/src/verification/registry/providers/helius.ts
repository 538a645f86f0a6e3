import type { ProviderRecord } from '../../types.js';

export const HELIUS: ProviderRecord = {
  slug: 'helius',
  name: 'Helius',
  family: 'shared-secret',
  docs: 'https://docs.helius.dev/data-streaming/webhooks',
  scheme: { kind: 'token', header: 'authorization' },
};
