import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// EasyPost NFKD-normalizes the secret first: a no-op for the ASCII secrets it issues.
export const EASYPOST: ProviderRecord = {
  slug: 'easypost',
  name: 'EasyPost',
  family: 'hmac-body',
  docs: 'https://docs.easypost.com/guides/webhooks-guide#hmac-validation',
  scheme: hmacBody('x-hmac-signature', { prefix: 'hmac-sha256-hex=' }),
};
