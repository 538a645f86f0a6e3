import type { ProviderRecord } from '../../types.js';

export const TWILIO: ProviderRecord = {
  slug: 'twilio',
  name: 'Twilio',
  family: 'hmac-request',
  docs: 'https://www.twilio.com/docs/usage/webhooks/webhooks-security#validating-signatures-from-twilio',
  scheme: { kind: 'twilio', header: 'x-twilio-signature' },
};
