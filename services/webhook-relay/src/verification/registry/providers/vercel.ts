import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const VERCEL: ProviderRecord = {
  slug: 'vercel',
  name: 'Vercel',
  family: 'hmac-body',
  docs: 'https://vercel.com/docs/observability/webhooks-overview/webhooks-api#securing-webhooks',
  scheme: hmacBody('x-vercel-signature', { digest: 'sha1' }),
};
