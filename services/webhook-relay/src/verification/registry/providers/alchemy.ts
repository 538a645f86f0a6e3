import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const ALCHEMY: ProviderRecord = {
  slug: 'alchemy',
  name: 'Alchemy Notify',
  family: 'hmac-body',
  docs: 'https://docs.alchemy.com/reference/notify-api-quickstart#webhook-signature--security',
  scheme: hmacBody('x-alchemy-signature'),
};
