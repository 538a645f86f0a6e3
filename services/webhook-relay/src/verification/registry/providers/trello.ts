import type { ProviderRecord } from '../../types.js';

export const TRELLO: ProviderRecord = {
  slug: 'trello',
  name: 'Trello',
  family: 'hmac-request',
  docs: 'https://developer.atlassian.com/cloud/trello/guides/rest-api/webhooks/#webhook-signatures',
  scheme: {
    kind: 'hmac',
    signatureHeader: 'x-trello-webhook',
    format: { kind: 'plain' },
    digest: 'sha1',
    encoding: 'base64',
    key: 'utf8',
    message: ['body', 'url'],
  },
};
