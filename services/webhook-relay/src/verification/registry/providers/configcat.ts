import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Comma-joined base64 signatures (one per signing key) over `{webhook id}{timestamp}{body}`.
export const CONFIGCAT: ProviderRecord = {
  slug: 'configcat',
  name: 'ConfigCat',
  family: 'hmac-timestamped',
  docs: 'https://configcat.com/docs/advanced/notifications-webhooks/#verifying-webhook-requests',
  scheme: withTimestampHeader(
    'x-configcat-webhook-signature-v1',
    'x-configcat-webhook-timestamp',
    [{ header: 'x-configcat-webhook-id' }, 'timestamp', 'body'],
    { encoding: 'base64', format: { kind: 'list', separator: ',' } },
  ),
};
