import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const HELP_SCOUT: ProviderRecord = {
  slug: 'help-scout',
  name: 'Help Scout',
  family: 'hmac-body',
  docs: 'https://developer.helpscout.com/webhooks/',
  scheme: hmacBody('x-helpscout-signature', { digest: 'sha1', encoding: 'base64' }),
};
