import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://github.com/gocardless/gocardless-nodejs/blob/master/src/webhooks.ts (GoCardless's SDK: hex HMAC-SHA256
// of the body in Webhook-Signature); its developer page was not found with the search tool.
export const GOCARDLESS: ProviderRecord = {
  slug: 'gocardless',
  name: 'GoCardless',
  family: 'hmac-body',
  docs: 'https://developer.gocardless.com/getting-started/staying-up-to-date-with-webhooks#staying-secure',
  scheme: hmacBody('webhook-signature'),
};
