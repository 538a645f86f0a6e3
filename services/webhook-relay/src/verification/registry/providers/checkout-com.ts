import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const CHECKOUT_COM: ProviderRecord = {
  slug: 'checkout-com',
  name: 'Checkout.com',
  family: 'hmac-body',
  docs: 'https://www.checkout.com/docs/developer-resources/webhooks/manage-webhooks/verify-webhook-signatures',
  scheme: hmacBody('cko-signature'),
};
