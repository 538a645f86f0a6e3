import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://www.mux.com/docs/core/verify-webhook-signatures (the link moved there): mux-signature `t=..,v1=..`,
// hex HMAC-SHA256 of `{t}.{body}`.
export const MUX: ProviderRecord = {
  slug: 'mux',
  name: 'Mux',
  family: 'hmac-timestamped',
  docs: 'https://www.mux.com/docs/core/verify-webhook-signatures',
  scheme: timestampPairs('mux-signature', 'v1'),
};
