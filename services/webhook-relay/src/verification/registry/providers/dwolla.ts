import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: Dwolla's page was not found with the search tool.
export const DWOLLA: ProviderRecord = {
  slug: 'dwolla',
  name: 'Dwolla',
  family: 'hmac-body',
  docs: 'https://developers.dwolla.com/docs/balance/webhooks/process-validate',
  scheme: hmacBody('x-request-signature-sha-256'),
};
