import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const VERIFF: ProviderRecord = {
  slug: 'veriff',
  name: 'Veriff',
  family: 'hmac-body',
  docs: 'https://devdocs.veriff.com/docs/hmac-authentication-and-endpoint-security',
  scheme: hmacBody('x-hmac-signature'),
};
