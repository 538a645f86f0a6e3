import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const GITHUB: ProviderRecord = {
  slug: 'github',
  name: 'GitHub',
  family: 'hmac-body',
  docs: 'https://docs.github.com/en/webhooks/using-webhooks/validating-webhook-deliveries',
  scheme: hmacBody('x-hub-signature-256', { prefix: 'sha256=' }),
  eventType: { header: 'x-github-event' },
};
