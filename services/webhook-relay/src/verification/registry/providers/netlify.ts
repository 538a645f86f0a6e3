import type { ProviderRecord } from '../../types.js';

export const NETLIFY: ProviderRecord = {
  slug: 'netlify',
  name: 'Netlify',
  family: 'jwt',
  docs: 'https://docs.netlify.com/site-deploys/deploy-notifications/#payload-signature',
  scheme: { kind: 'jwt-body-hash', header: 'x-webhook-signature', algorithm: 'HS256', bodyHashClaim: 'sha256' },
};
