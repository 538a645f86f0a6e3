import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// DocuSign sends x-docusign-signature-1 .. -N, one per HMAC key.
export const DOCUSIGN: ProviderRecord = {
  slug: 'docusign',
  name: 'DocuSign Connect',
  family: 'hmac-body',
  docs: 'https://developers.docusign.com/platform/webhooks/connect/hmac/',
  scheme: { ...hmacBody('x-docusign-signature-1', { encoding: 'base64' }), numberedHeaders: true },
};
