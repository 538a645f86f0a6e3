import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://github.com/orbcorp/orb-node/blob/main/src/resources/webhooks.ts (Orb's SDK; its docs page was not found
// with the search tool): X-Orb-Timestamp is an ISO date-time without a zone (UTC), and X-Orb-Signature may hold several
// space-separated `v1=<hex>` entries. Before, a zone-less timestamp was read as server-local time and one entry was assumed.
export const ORB: ProviderRecord = {
  slug: 'orb',
  name: 'Orb',
  family: 'hmac-timestamped',
  docs: 'https://docs.withorb.com/guides/integrations-and-exports/webhooks#webhooks-verification',
  scheme: withTimestampHeader('x-orb-signature', 'x-orb-timestamp', [{ literal: 'v1:' }, 'timestamp', { literal: ':' }, 'body'], {
    unit: 'iso',
    format: { kind: 'list', separator: ' ', prefix: 'v1=' },
  }),
};
