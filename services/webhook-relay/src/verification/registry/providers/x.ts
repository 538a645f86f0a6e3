import { hmacBody } from '../builders.js';
import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

// Keyed by the app's consumer secret; the same key answers the CRC handshake.
export const X: ProviderRecord = {
  slug: 'x',
  name: 'X (Account Activity API)',
  family: 'hmac-body',
  docs: 'https://docs.x.com/x-api/webhooks/introduction',
  scheme: hmacBody('x-twitter-webhooks-signature', { prefix: 'sha256=', encoding: 'base64' }),
  handshake: HANDSHAKES.x,
};
