import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const RAZORPAY: ProviderRecord = {
  slug: 'razorpay',
  name: 'Razorpay',
  family: 'hmac-body',
  docs: 'https://razorpay.com/docs/webhooks/validate-test/',
  scheme: hmacBody('x-razorpay-signature'),
};
