import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const PLANETSCALE: ProviderRecord = {
  slug: 'planetscale',
  name: 'PlanetScale',
  family: 'hmac-body',
  docs: 'https://planetscale.com/docs/concepts/webhooks#validating-webhooks',
  scheme: hmacBody('x-planetscale-signature'),
};
