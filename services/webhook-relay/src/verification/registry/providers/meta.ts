import { hmacBody } from '../builders.js';
import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

export const META: ProviderRecord = {
  slug: 'meta',
  name: 'Meta (WhatsApp, Messenger, Instagram)',
  family: 'hmac-body',
  docs: 'https://developers.facebook.com/docs/graph-api/webhooks/getting-started#validate-payloads',
  scheme: hmacBody('x-hub-signature-256', { prefix: 'sha256=' }),
  handshake: HANDSHAKES.meta,
};
