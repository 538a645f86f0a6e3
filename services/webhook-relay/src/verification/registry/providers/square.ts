import type { ProviderRecord } from '../../types.js';

// checked against https://developer.squareup.com/docs/webhooks/step2subscribe (x-square-hmacsha256-signature, HMAC-SHA256); the
// stored copy of step3validate stops before its code, so the URL-then-body order rests on third-party verifiers that agree.
export const SQUARE: ProviderRecord = {
  slug: 'square',
  name: 'Square',
  family: 'hmac-request',
  docs: 'https://developer.squareup.com/docs/webhooks/step3validate',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'x-square-hmacsha256-signature',
    format: { kind: 'plain' },
    digest: 'sha256',
    encoding: 'base64',
    key: 'utf8',
    message: ['url', 'body'],
  },
};
