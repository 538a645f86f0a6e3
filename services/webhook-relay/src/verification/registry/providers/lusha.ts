import { withTimestampHeader } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://docs.lusha.com/webhooks/security
export const LUSHA: ProviderRecord = {
  slug: 'lusha',
  name: 'Lusha',
  family: 'hmac-timestamped',
  docs: 'https://docs.lusha.com/webhooks/security',
  scheme: withTimestampHeader('x-lusha-signature', 'x-lusha-timestamp', ['timestamp', { literal: '.' }, 'body']),
};
