import { standardWebhooks } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const SUPABASE: ProviderRecord = {
  slug: 'supabase',
  name: 'Supabase',
  family: 'standard-webhooks',
  docs: 'https://supabase.com/docs/guides/auth/auth-hooks',
  scheme: standardWebhooks('webhook'),
};
