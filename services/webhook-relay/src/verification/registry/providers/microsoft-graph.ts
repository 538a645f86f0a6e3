import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

// clientState is in every notification of the batch; the first one's is checked.
export const MICROSOFT_GRAPH: ProviderRecord = {
  slug: 'microsoft-graph',
  name: 'Microsoft Graph change notifications',
  family: 'shared-secret',
  docs: 'https://learn.microsoft.com/en-us/graph/change-notifications-delivery-webhooks',
  scheme: { kind: 'body-token', jsonField: 'value.0.clientState' },
  handshake: HANDSHAKES.microsoftGraph,
};
