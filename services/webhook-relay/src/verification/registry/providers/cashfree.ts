import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://www.cashfree.com/docs/payments/subscription/webhook-signature (timestamp + raw body, base64)
export const CASHFREE: ProviderRecord = {
  slug: 'cashfree',
  name: 'Cashfree Payments',
  family: 'hmac-timestamped',
  docs: 'https://www.cashfree.com/docs/api-reference/payments/latest/subscription/webhook-signature',
  scheme: withTimestampHeader('x-webhook-signature', 'x-webhook-timestamp', ['timestamp', 'body'], {
    encoding: 'base64',
    unit: 'milliseconds',
  }),
};
