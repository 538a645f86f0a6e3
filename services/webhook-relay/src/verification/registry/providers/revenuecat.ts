import type { ProviderRecord } from '../../types.js';

export const REVENUECAT: ProviderRecord = {
  slug: 'revenuecat',
  name: 'RevenueCat',
  family: 'shared-secret',
  docs: 'https://www.revenuecat.com/docs/integrations/webhooks',
  scheme: { kind: 'token', header: 'authorization' },
};
