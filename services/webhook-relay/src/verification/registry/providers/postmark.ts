import type { ProviderRecord } from '../../types.js';

export const POSTMARK: ProviderRecord = {
  slug: 'postmark',
  name: 'Postmark',
  family: 'shared-secret',
  docs: 'https://postmarkapp.com/developer/webhooks/webhooks-overview#protecting-your-webhook',
  scheme: { kind: 'basic', header: 'authorization' },
};
