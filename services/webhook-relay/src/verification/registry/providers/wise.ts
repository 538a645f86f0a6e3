import type { ProviderRecord } from '../../types.js';

export const WISE: ProviderRecord = {
  slug: 'wise',
  name: 'Wise',
  family: 'asymmetric',
  docs: 'https://docs.wise.com/api-docs/features/webhooks-notifications/event-handling#signature-verification',
  scheme: { kind: 'rsa-sha256', signatureHeader: 'x-signature-sha256', signatureEncoding: 'base64', message: ['body'] },
};
