import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// Lago's HMAC option (its default is an RS256 JWT of the body, which this record does not cover).
export const LAGO: ProviderRecord = {
  slug: 'lago',
  name: 'Lago',
  family: 'hmac-body',
  docs: 'https://getlago.com/docs/api-reference/webhooks/format---signature',
  scheme: hmacBody('x-lago-signature', { encoding: 'base64' }),
};
