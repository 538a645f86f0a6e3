import type { ProviderRecord } from '../../types.js';

export const PRISMIC: ProviderRecord = {
  slug: 'prismic',
  name: 'Prismic',
  family: 'shared-secret',
  docs: 'https://prismic.io/docs/webhooks',
  scheme: { kind: 'body-token', jsonField: 'secret' },
};
