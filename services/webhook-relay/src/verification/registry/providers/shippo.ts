import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: the stored copy of Shippo's page (docs.goshippo.com/docs/tracking/webhooksecurity) stops before its HMAC
// section; third-party verifiers agree on Shippo-Auth-Signature `t=..,v1=<hex>` over `{t}.{body}`.
export const SHIPPO: ProviderRecord = {
  slug: 'shippo',
  name: 'Shippo',
  family: 'hmac-timestamped',
  docs: 'https://docs.goshippo.com/docs/tracking/webhooksecurity/',
  scheme: timestampPairs('shippo-auth-signature', 'v1'),
};
