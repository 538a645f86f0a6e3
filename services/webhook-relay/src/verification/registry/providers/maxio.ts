import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const MAXIO: ProviderRecord = {
  slug: 'maxio',
  name: 'Maxio Advanced Billing (Chargify)',
  family: 'hmac-body',
  docs: 'https://docs.maxio.com/hc/en-us/articles/24266136649869-Webhooks-Reference',
  scheme: hmacBody('x-chargify-webhook-signature-hmac-sha-256'),
};
