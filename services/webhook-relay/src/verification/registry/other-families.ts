import type { ProviderRecord } from '../types.js';

// For asymmetric providers the endpoint's "secret" is the provider's public key.
export const ASYMMETRIC: ProviderRecord[] = [
  { slug: 'discord', name: 'Discord', family: 'asymmetric', docs: 'https://discord.com/developers/docs/interactions/overview#setting-up-an-endpoint-validating-security-request-headers',
    scheme: { kind: 'ed25519', signatureHeader: 'x-signature-ed25519', signatureEncoding: 'hex', timestamp: { header: 'x-signature-timestamp', unit: 'seconds' }, message: ['timestamp', 'body'] } },
  { slug: 'telnyx', name: 'Telnyx', family: 'asymmetric', docs: 'https://developers.telnyx.com/docs/messaging/messages/receiving-webhooks#webhook-signing',
    scheme: { kind: 'ed25519', signatureHeader: 'telnyx-signature-ed25519', signatureEncoding: 'base64', timestamp: { header: 'telnyx-timestamp', unit: 'seconds' }, message: ['timestamp', { literal: '|' }, 'body'] } },
  { slug: 'sendgrid', name: 'SendGrid Event Webhook', family: 'asymmetric', docs: 'https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features',
    scheme: { kind: 'ecdsa-p256', signatureHeader: 'x-twilio-email-event-webhook-signature', signatureEncoding: 'base64', timestamp: { header: 'x-twilio-email-event-webhook-timestamp', unit: 'seconds' }, message: ['timestamp', 'body'] } },
  { slug: 'wise', name: 'Wise', family: 'asymmetric', docs: 'https://docs.wise.com/api-docs/features/webhooks-notifications/event-handling#signature-verification',
    scheme: { kind: 'rsa-sha256', signatureHeader: 'x-signature-sha256', signatureEncoding: 'base64', message: ['body'] } },
];

export const JWT: ProviderRecord[] = [
  { slug: 'netlify', name: 'Netlify', family: 'jwt', docs: 'https://docs.netlify.com/site-deploys/deploy-notifications/#payload-signature',
    scheme: { kind: 'jwt-body-hash', header: 'x-webhook-signature', algorithm: 'HS256', bodyHashClaim: 'sha256' } },
];

// Token and Basic prove who sent the request, not what it says: `authenticated`, never `verified`.
export const SHARED_SECRET: ProviderRecord[] = [
  { slug: 'gitlab', name: 'GitLab', family: 'shared-secret', docs: 'https://docs.gitlab.com/user/project/integrations/webhooks/#validate-requests-with-a-secret-token', scheme: { kind: 'token', header: 'x-gitlab-token' } },
  { slug: 'telegram', name: 'Telegram Bot API', family: 'shared-secret', docs: 'https://core.telegram.org/bots/api#setwebhook', scheme: { kind: 'token', header: 'x-telegram-bot-api-secret-token' } },
  { slug: 'postmark', name: 'Postmark', family: 'shared-secret', docs: 'https://postmarkapp.com/developer/webhooks/webhooks-overview#protecting-your-webhook', scheme: { kind: 'basic', header: 'authorization' } },
  { slug: 'chargebee', name: 'Chargebee', family: 'shared-secret', docs: 'https://www.chargebee.com/docs/2.0/webhook_settings.html#basic-authentication', scheme: { kind: 'basic', header: 'authorization' } },
  { slug: 'mixpanel', name: 'Mixpanel', family: 'shared-secret', docs: 'https://docs.mixpanel.com/docs/cohort-sync/webhooks#authentication', scheme: { kind: 'basic', header: 'authorization' } },
];
