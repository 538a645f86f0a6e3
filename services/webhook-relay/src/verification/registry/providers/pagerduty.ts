import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// PagerDuty sends one `v1=<hex>` per active secret, comma-separated.
export const PAGERDUTY: ProviderRecord = {
  slug: 'pagerduty',
  name: 'PagerDuty',
  family: 'hmac-body',
  docs: 'https://developer.pagerduty.com/docs/webhooks/v3-overview/#verifying-signatures',
  scheme: { ...hmacBody('x-pagerduty-signature'), format: { kind: 'list', separator: ',', prefix: 'v1=' } },
};
