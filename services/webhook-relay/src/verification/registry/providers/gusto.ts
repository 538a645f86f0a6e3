import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const GUSTO: ProviderRecord = {
  slug: 'gusto',
  name: 'Gusto',
  family: 'hmac-body',
  docs: 'https://docs.gusto.com/app-integrations/docs/webhooks',
  scheme: hmacBody('x-gusto-signature'),
};
