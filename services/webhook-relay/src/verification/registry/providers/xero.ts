import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const XERO: ProviderRecord = {
  slug: 'xero',
  name: 'Xero',
  family: 'hmac-body',
  docs: 'https://developer.xero.com/documentation/guides/webhooks/configuring-your-server/#signature',
  scheme: hmacBody('x-xero-signature', { encoding: 'base64' }),
};
