import type { HmacScheme, ProviderRecord } from '../types.js';

// HMAC-SHA256 over `{id}.{timestamp}.{body}`, base64, `v1,<sig>` entries separated by spaces.
const standardWebhooks = (prefix: string, key: HmacScheme['key'] = 'whsec-base64', idHeader = `${prefix}-id`): HmacScheme => ({
  kind: 'hmac',
  signatureHeader: `${prefix}-signature`,
  format: { kind: 'versioned-list', version: 'v1' },
  digest: 'sha256',
  encoding: 'base64',
  key,
  timestamp: { header: `${prefix}-timestamp`, unit: 'seconds' },
  message: [{ header: idHeader }, { literal: '.' }, 'timestamp', { literal: '.' }, 'body'],
});

const record = (slug: string, name: string, docs: string, scheme: HmacScheme): ProviderRecord => ({ slug, name, family: 'standard-webhooks', docs, scheme });

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
