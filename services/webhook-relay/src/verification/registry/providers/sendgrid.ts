import type { ProviderRecord } from '../../types.js';

export const SENDGRID: ProviderRecord = {
  slug: 'sendgrid',
  name: 'SendGrid Event Webhook',
  family: 'asymmetric',
  docs: 'https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features',
  scheme: {
    kind: 'ecdsa-p256',
    signatureHeader: 'x-twilio-email-event-webhook-signature',
    signatureEncoding: 'base64',
    timestamp: { header: 'x-twilio-email-event-webhook-timestamp', unit: 'seconds' },
    message: ['timestamp', 'body'],
  },
};
