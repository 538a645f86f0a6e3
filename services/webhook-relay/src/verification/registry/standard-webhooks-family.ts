import { recordsOf, standardWebhooks } from './builders.js';
import type { ProviderRecord } from '../types.js';

const record = recordsOf('standard-webhooks');

export const STANDARD_WEBHOOKS_FAMILY: ProviderRecord[] = [
  record('standard-webhooks', 'Standard Webhooks', 'https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md', standardWebhooks('webhook')),
  record('svix', 'Svix', 'https://docs.svix.com/receiving/verifying-payloads/how-manual', standardWebhooks('svix')),
  record('clerk', 'Clerk', 'https://clerk.com/docs/webhooks/sync-data', standardWebhooks('svix')),
  record('resend', 'Resend', 'https://resend.com/docs/dashboard/webhooks/verify-webhooks-requests', standardWebhooks('svix')),
  record('supabase', 'Supabase', 'https://supabase.com/docs/guides/auth/auth-hooks', standardWebhooks('webhook')),
  record('openai', 'OpenAI', 'https://platform.openai.com/docs/guides/webhooks', standardWebhooks('webhook')),
  record('replicate', 'Replicate', 'https://replicate.com/docs/topics/webhooks/verify-webhook', standardWebhooks('webhook')),
  // Polar signs with the secret's UTF-8 bytes, not a base64-decoded key.
  record('polar', 'Polar', 'https://docs.polar.sh/integrate/webhooks/delivery', standardWebhooks('webhook', 'utf8')),
  // Finch uses the framing under its own header names, with a bare base64 secret.
  record('finch', 'Finch', 'https://developer.tryfinch.com/developer-resources/Webhooks', standardWebhooks('finch', 'base64', 'finch-event-id')),
];
