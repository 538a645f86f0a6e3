import { hmacBody } from '../builders.js';
import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

export const ASANA: ProviderRecord = {
  slug: 'asana',
  name: 'Asana',
  family: 'hmac-body',
  docs: 'https://developers.asana.com/docs/webhooks-guide#security',
  scheme: hmacBody('x-hook-signature'),
  handshake: HANDSHAKES.asana,
};
