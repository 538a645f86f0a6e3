import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const LINEAR: ProviderRecord = {
  slug: 'linear',
  name: 'Linear',
  family: 'hmac-body',
  docs: 'https://linear.app/developers/webhooks#securing-webhooks',
  scheme: hmacBody('linear-signature'),
};
