import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const PAYSTACK: ProviderRecord = {
  slug: 'paystack',
  name: 'Paystack',
  family: 'hmac-body',
  docs: 'https://paystack.com/docs/payments/webhooks/#verify-event-origin',
  scheme: hmacBody('x-paystack-signature', { digest: 'sha512' }),
};
