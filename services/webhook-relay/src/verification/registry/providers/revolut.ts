import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// `v1=<hex>[,v1=<hex>]` (one per active secret during a rotation), over `v1.{timestamp}.{body}`.
// checked against https://developer.revolut.com/docs/guides/merchant/monitor-and-observe/webhooks/verify-the-payload-signature
// (Revolut's page for the same scheme; the Business API page linked below is not in the search tool's copy).
export const REVOLUT: ProviderRecord = {
  slug: 'revolut',
  name: 'Revolut Business',
  family: 'hmac-timestamped',
  docs: 'https://developer.revolut.com/docs/guides/manage-accounts/webhooks/verify-the-payload-signature',
  scheme: withTimestampHeader(
    'revolut-signature',
    'revolut-request-timestamp',
    [{ literal: 'v1.' }, 'timestamp', { literal: '.' }, 'body'],
    { unit: 'milliseconds', format: { kind: 'list', separator: ',', prefix: 'v1=' } },
  ),
};
