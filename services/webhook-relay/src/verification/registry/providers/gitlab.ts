import type { ProviderRecord } from '../../types.js';

export const GITLAB: ProviderRecord = {
  slug: 'gitlab',
  name: 'GitLab',
  family: 'shared-secret',
  docs: 'https://docs.gitlab.com/user/project/integrations/webhooks/#validate-requests-with-a-secret-token',
  scheme: { kind: 'token', header: 'x-gitlab-token' },
};
