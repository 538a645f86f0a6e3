import type { ProviderRecord } from '../../types.js';

export const ZULIP: ProviderRecord = {
  slug: 'zulip',
  name: 'Zulip outgoing webhooks',
  family: 'shared-secret',
  docs: 'https://zulip.com/api/outgoing-webhooks',
  scheme: { kind: 'body-token', jsonField: 'token' },
};
