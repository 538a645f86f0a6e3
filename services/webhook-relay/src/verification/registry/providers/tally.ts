import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const TALLY: ProviderRecord = {
  slug: 'tally',
  name: 'Tally',
  family: 'hmac-body',
  docs: 'https://tally.so/help/webhooks',
  scheme: hmacBody('tally-signature', { encoding: 'base64' }),
};
