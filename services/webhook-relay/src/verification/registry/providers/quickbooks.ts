import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Keyed by the app's verifier token.
export const QUICKBOOKS: ProviderRecord = {
  slug: 'quickbooks',
  name: 'QuickBooks Online (Intuit)',
  family: 'hmac-body',
  docs: 'https://developer.intuit.com/app/developer/qbo/docs/develop/webhooks/managing-webhooks-notifications#validating-the-notification',
  scheme: hmacBody('intuit-signature', { encoding: 'base64' }),
};
