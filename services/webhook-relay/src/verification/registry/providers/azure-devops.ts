import type { ProviderRecord } from '../../types.js';

export const AZURE_DEVOPS: ProviderRecord = {
  slug: 'azure-devops',
  name: 'Azure DevOps service hooks',
  family: 'shared-secret',
  docs: 'https://learn.microsoft.com/en-us/azure/devops/service-hooks/services/webhooks',
  scheme: { kind: 'basic', header: 'authorization' },
};
