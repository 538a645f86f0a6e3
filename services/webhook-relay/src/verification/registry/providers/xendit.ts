import type { ProviderRecord } from '../../types.js';

export const XENDIT: ProviderRecord = {
  slug: 'xendit',
  name: 'Xendit',
  family: 'shared-secret',
  docs: 'https://docs.xendit.co/docs/handling-webhooks',
  scheme: { kind: 'token', header: 'x-callback-token' },
};
