import type { ProviderRecord } from '../../types.js';

export const CLOUDFLARE: ProviderRecord = {
  slug: 'cloudflare',
  name: 'Cloudflare notifications',
  family: 'shared-secret',
  docs: 'https://developers.cloudflare.com/notifications/get-started/configure-webhooks/',
  scheme: { kind: 'token', header: 'cf-webhook-auth' },
};
