import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const MICROSOFT_TEAMS: ProviderRecord = {
  slug: 'microsoft-teams',
  name: 'Microsoft Teams outgoing webhooks',
  family: 'hmac-body',
  docs: 'https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/add-outgoing-webhook#create-a-method-to-verify-the-outgoing-webhook-hmac-token',
  scheme: hmacBody('authorization', { prefix: 'HMAC ', encoding: 'base64', key: 'base64' }),
};
