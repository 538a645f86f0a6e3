import type { ProviderRecord } from '../../types.js';

// checked against https://docs.recurly.com/recurly-subscriptions/docs/signature-verification (the link moved there): the header is
// a Unix timestamp in milliseconds then one or more hex signatures, over `{ts}.{body}`; Recurly's SDK allows 5 minutes.
export const RECURLY: ProviderRecord = {
  slug: 'recurly',
  name: 'Recurly',
  family: 'hmac-timestamped',
  docs: 'https://docs.recurly.com/recurly-subscriptions/docs/signature-verification',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'recurly-signature',
    format: { kind: 'timestamp-first', separator: ',' },
    digest: 'sha256',
    encoding: 'hex',
    key: 'utf8',
    timestamp: { unit: 'milliseconds' },
    message: ['timestamp', { literal: '.' }, 'body'],
  },
};
