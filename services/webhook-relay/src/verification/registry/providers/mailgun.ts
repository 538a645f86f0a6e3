import type { ProviderRecord } from '../../types.js';

// Signature, timestamp and token travel in the JSON body; the HMAC covers `{timestamp}{token}` only,
// not the event data (Mailgun's design: the token makes each signature single-use).
export const MAILGUN: ProviderRecord = {
  slug: 'mailgun',
  name: 'Mailgun',
  family: 'hmac-request',
  docs: 'https://documentation.mailgun.com/docs/mailgun/user-manual/tracking-messages/#securing-webhooks',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'signature.signature',
    signatureIn: 'json-body',
    format: { kind: 'plain' },
    digest: 'sha256',
    encoding: 'hex',
    key: 'utf8',
    timestamp: { jsonField: 'signature.timestamp', unit: 'seconds' },
    message: ['timestamp', { jsonField: 'signature.token' }],
  },
};
