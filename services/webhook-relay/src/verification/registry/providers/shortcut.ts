import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const SHORTCUT: ProviderRecord = {
  slug: 'shortcut',
  name: 'Shortcut',
  family: 'hmac-body',
  docs: 'https://developer.shortcut.com/api/webhook/v1',
  scheme: hmacBody('payload-signature'),
};
