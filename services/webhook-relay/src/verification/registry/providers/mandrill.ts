import type { ProviderRecord } from '../../types.js';

export const MANDRILL: ProviderRecord = {
  slug: 'mandrill',
  name: 'Mandrill',
  family: 'hmac-request',
  docs: 'https://mailchimp.com/developer/transactional/guides/track-respond-activity-webhooks/#authenticating-webhook-requests',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'x-mandrill-signature',
    format: { kind: 'plain' },
    digest: 'sha1',
    encoding: 'base64',
    key: 'utf8',
    message: ['url', 'sorted-form-fields'],
  },
};
