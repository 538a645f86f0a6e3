import { timestampPairs } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const PERSONA: ProviderRecord = {
  slug: 'persona',
  name: 'Persona',
  family: 'hmac-timestamped',
  docs: 'https://docs.withpersona.com/docs/webhooks-best-practices#checking-signatures',
  scheme: timestampPairs('persona-signature', 'v1', { groupSeparator: ' ' }),
};
