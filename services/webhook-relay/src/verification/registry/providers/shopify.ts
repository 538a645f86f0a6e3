import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const SHOPIFY: ProviderRecord = {
  slug: 'shopify',
  name: 'Shopify',
  family: 'hmac-body',
  docs: 'https://shopify.dev/docs/apps/build/webhooks/subscribe/https#step-5-verify-the-webhook',
  scheme: hmacBody('x-shopify-hmac-sha256', { encoding: 'base64' }),
  eventType: { header: 'x-shopify-topic' },
};
