import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://developer.zendesk.com/documentation/webhooks/verifying/ (base64(HMACSHA256(TIMESTAMP + BODY))).
export const ZENDESK: ProviderRecord = {
  slug: 'zendesk',
  name: 'Zendesk',
  family: 'hmac-timestamped',
  docs: 'https://developer.zendesk.com/documentation/webhooks/verifying/',
  scheme: withTimestampHeader('x-zendesk-webhook-signature', 'x-zendesk-webhook-signature-timestamp', ['timestamp', 'body'], {
    encoding: 'base64',
    unit: 'iso',
  }),
};
