import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: the stored copy of Knock's page (docs.knock.app/developer-tools/outbound-webhooks) names x-knock-signature but
// stops before its layout; third-party notes agree on `t=<ms>,s=<base64>` over `{t}.{body}`.
export const KNOCK: ProviderRecord = {
  slug: 'knock',
  name: 'Knock',
  family: 'hmac-timestamped',
  docs: 'https://docs.knock.app/developer-tools/outbound-webhooks/overview#verifying-webhook-signatures',
  scheme: timestampPairs('x-knock-signature', 's', { unit: 'milliseconds', encoding: 'base64' }),
};
