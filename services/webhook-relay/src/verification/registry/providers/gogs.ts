import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const GOGS: ProviderRecord = {
  slug: 'gogs',
  name: 'Gogs',
  family: 'hmac-body',
  docs: 'https://gogs.io/docs/features/webhook',
  scheme: hmacBody('x-gogs-signature'),
};
