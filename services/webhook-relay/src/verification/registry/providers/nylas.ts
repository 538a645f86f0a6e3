import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://developer.nylas.com/docs/new/v2-changelogs/2023-04-04-node-sdk-v6-10-0/ (Nylas's SDK release: hex
// HMAC-SHA256 of the body in x-nylas-signature); the v3 page linked below is not in the search tool's copy.
export const NYLAS: ProviderRecord = {
  slug: 'nylas',
  name: 'Nylas (v3)',
  family: 'hmac-body',
  docs: 'https://developer.nylas.com/docs/v3/notifications/webhooks/#verify-nylas-webhook-signatures',
  scheme: hmacBody('x-nylas-signature'),
};
