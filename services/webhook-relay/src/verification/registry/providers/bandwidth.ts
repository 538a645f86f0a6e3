import type { ProviderRecord } from '../../types.js';

export const BANDWIDTH: ProviderRecord = {
  slug: 'bandwidth',
  name: 'Bandwidth',
  family: 'shared-secret',
  docs: 'https://dev.bandwidth.com/docs/voice/guides/webhooks/',
  scheme: { kind: 'basic', header: 'authorization' },
};
