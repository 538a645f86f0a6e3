import { V0_MESSAGE, withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: Customer.io's webhook pages are stored without the signature section; third-party verifiers agree on
// hex HMAC-SHA256 of `v0:{ts}:{body}` with X-CIO-Timestamp.
export const CUSTOMER_IO: ProviderRecord = {
  slug: 'customer-io',
  name: 'Customer.io',
  family: 'hmac-timestamped',
  docs: 'https://docs.customer.io/journeys/webhooks/#securely-verify-requests',
  scheme: withTimestampHeader('x-cio-signature', 'x-cio-timestamp', V0_MESSAGE),
};
