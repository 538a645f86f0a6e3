import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: Typeform's page was not found with the search tool (third-party verifiers agree: sha256=<base64>).
export const TYPEFORM: ProviderRecord = {
  slug: 'typeform',
  name: 'Typeform',
  family: 'hmac-body',
  docs: 'https://www.typeform.com/developers/webhooks/secure-your-webhooks/',
  scheme: hmacBody('typeform-signature', { prefix: 'sha256=', encoding: 'base64' }),
};
