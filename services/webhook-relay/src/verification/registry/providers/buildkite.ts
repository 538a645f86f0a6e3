import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const BUILDKITE: ProviderRecord = {
  slug: 'buildkite',
  name: 'Buildkite',
  family: 'hmac-timestamped',
  docs: 'https://buildkite.com/docs/apis/webhooks#webhook-signature',
  scheme: timestampPairs('x-buildkite-signature', 'signature', { timestampKey: 'timestamp' }),
};
