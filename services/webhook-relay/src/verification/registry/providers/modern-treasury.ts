import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://github.com/Modern-Treasury/modern-treasury-node/blob/main/src/resources/webhooks.ts (its SDK: hex
// HMAC-SHA256 of the body in X-Signature); its docs page was not found with the search tool.
export const MODERN_TREASURY: ProviderRecord = {
  slug: 'modern-treasury',
  name: 'Modern Treasury',
  family: 'hmac-body',
  docs: 'https://docs.moderntreasury.com/platform/reference/verify-webhook-signatures',
  scheme: hmacBody('x-signature'),
};
