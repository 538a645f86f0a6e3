import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://docs.lemonsqueezy.com/help/webhooks/signing-requests
export const LEMON_SQUEEZY: ProviderRecord = {
  slug: 'lemon-squeezy',
  name: 'Lemon Squeezy',
  family: 'hmac-body',
  docs: 'https://docs.lemonsqueezy.com/help/webhooks/signing-requests',
  scheme: hmacBody('x-signature'),
};
