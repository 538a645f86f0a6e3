import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: the search tool's copy of teller.io/docs/api/webhooks lacks its verification section; the header
// layout (t=,v1=, one v1 per live secret) matches a third-party summary (docs.propstack.app/providers/teller).
export const TELLER: ProviderRecord = {
  slug: 'teller',
  name: 'Teller',
  family: 'hmac-timestamped',
  docs: 'https://teller.io/docs/api/webhooks#verifying-messages',
  scheme: timestampPairs('teller-signature', 'v1'),
};
