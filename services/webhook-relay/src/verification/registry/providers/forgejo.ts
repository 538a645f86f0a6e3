import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const FORGEJO: ProviderRecord = {
  slug: 'forgejo',
  name: 'Forgejo',
  family: 'hmac-body',
  docs: 'https://forgejo.org/docs/latest/user/webhooks/',
  scheme: hmacBody('x-forgejo-signature'),
};
