import type { ProviderRecord } from '../../types.js';

export const CHARGEBEE: ProviderRecord = {
  slug: 'chargebee',
  name: 'Chargebee',
  family: 'shared-secret',
  docs: 'https://www.chargebee.com/docs/2.0/webhook_settings.html#basic-authentication',
  scheme: { kind: 'basic', header: 'authorization' },
};
