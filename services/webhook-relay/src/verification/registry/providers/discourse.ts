import { hmacBody } from '../builders.js';
import type { ProviderRecord } from '../../types.js';

export const DISCOURSE: ProviderRecord = {
  slug: 'discourse',
  name: 'Discourse',
  family: 'hmac-body',
  docs: 'https://meta.discourse.org/t/configure-webhooks-that-trigger-on-discourse-events-to-integrate-with-external-services/49045',
  scheme: hmacBody('x-discourse-event-signature', { prefix: 'sha256=' }),
};
