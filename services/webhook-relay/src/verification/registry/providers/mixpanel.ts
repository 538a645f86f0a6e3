import type { ProviderRecord } from '../../types.js';

export const MIXPANEL: ProviderRecord = {
  slug: 'mixpanel',
  name: 'Mixpanel',
  family: 'shared-secret',
  docs: 'https://docs.mixpanel.com/docs/cohort-sync/webhooks#authentication',
  scheme: { kind: 'basic', header: 'authorization' },
};
