import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const WOOCOMMERCE: ProviderRecord = {
  slug: 'woocommerce',
  name: 'WooCommerce',
  family: 'hmac-body',
  docs: 'https://woocommerce.com/document/webhooks/',
  scheme: hmacBody('x-wc-webhook-signature', { encoding: 'base64' }),
};
