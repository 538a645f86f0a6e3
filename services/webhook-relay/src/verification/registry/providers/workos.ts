import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against WorkOS's SDK (rubydoc.info/gems/workos/5.17.0/WorkOS/Webhooks: the signed timestamp is in milliseconds;
// @workos-inc/node allows 180 s, inside our 300 s); its manual-validation page is not in the search tool's copy.
export const WORKOS: ProviderRecord = {
  slug: 'workos',
  name: 'WorkOS',
  family: 'hmac-timestamped',
  docs: 'https://workos.com/docs/events/data-syncing/webhooks/3-process-the-events/b-validate-the-requests-manually',
  scheme: timestampPairs('workos-signature', 'v1', { unit: 'milliseconds' }),
};
