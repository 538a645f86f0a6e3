import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const RESEND: ProviderRecord = {
  slug: 'resend',
  name: 'Resend',
  family: 'standard-webhooks',
  docs: 'https://resend.com/docs/dashboard/webhooks/verify-webhooks-requests',
  scheme: standardWebhooks('svix'),
};
