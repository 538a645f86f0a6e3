import { hmacBody } from '../builders.js';
import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

export const DROPBOX: ProviderRecord = {
  slug: 'dropbox',
  name: 'Dropbox',
  family: 'hmac-body',
  docs: 'https://www.dropbox.com/developers/reference/webhooks#notifications',
  scheme: hmacBody('x-dropbox-signature'),
  handshake: HANDSHAKES.dropbox,
};
