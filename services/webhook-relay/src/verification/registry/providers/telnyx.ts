import type { ProviderRecord } from '../../types.js';

export const TELNYX: ProviderRecord = {
  slug: 'telnyx',
  name: 'Telnyx',
  family: 'asymmetric',
  docs: 'https://developers.telnyx.com/docs/messaging/messages/receiving-webhooks#webhook-signing',
  scheme: {
    kind: 'ed25519',
    signatureHeader: 'telnyx-signature-ed25519',
    signatureEncoding: 'base64',
    timestamp: { header: 'telnyx-timestamp', unit: 'seconds' },
    message: ['timestamp', { literal: '|' }, 'body'],
  },
};
