import type { ProviderRecord } from '../../types.js';

// The signature is the `signature` query parameter of the URL PandaDoc calls.
export const PANDADOC: ProviderRecord = {
  slug: 'pandadoc',
  name: 'PandaDoc',
  family: 'hmac-request',
  docs: 'https://developers.pandadoc.com/docs/webhooks#verifying-webhook-signature',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'signature',
    signatureIn: 'query',
    format: { kind: 'plain' },
    digest: 'sha256',
    encoding: 'hex',
    key: 'utf8',
    message: ['body'],
  },
};
