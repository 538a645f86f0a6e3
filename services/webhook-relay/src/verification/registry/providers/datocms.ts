import type { ProviderRecord } from '../../types.js';

export const DATOCMS: ProviderRecord = {
  slug: 'datocms',
  name: 'DatoCMS',
  family: 'shared-secret',
  docs: 'https://www.datocms.com/docs/general-concepts/webhooks',
  scheme: { kind: 'basic', header: 'authorization' },
};
