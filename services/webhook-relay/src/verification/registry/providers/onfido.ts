import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const ONFIDO: ProviderRecord = {
  slug: 'onfido',
  name: 'Onfido',
  family: 'hmac-body',
  docs: 'https://documentation.onfido.com/api/latest/#webhooks',
  scheme: hmacBody('x-sha2-signature'),
};
