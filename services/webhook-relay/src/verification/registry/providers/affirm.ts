import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: Affirm's page is not in the search tool's copy, and third-party descriptions disagree (one says a base64
// HMAC); the record is left as written.
export const AFFIRM: ProviderRecord = {
  slug: 'affirm',
  name: 'Affirm',
  family: 'hmac-timestamped',
  docs: 'https://docs.affirm.com/developers/docs/webhooks',
  scheme: timestampPairs('x-affirm-signature', 'v0', { digest: 'sha512' }),
};
