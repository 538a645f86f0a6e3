import { hmacBody } from '../builders.js';
import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

export const SMARTSHEET: ProviderRecord = {
  slug: 'smartsheet',
  name: 'Smartsheet',
  family: 'hmac-body',
  docs: 'https://developers.smartsheet.com/api/smartsheet/guides/webhooks/webhook-verification',
  scheme: hmacBody('smartsheet-hmac-sha256'),
  handshake: HANDSHAKES.smartsheet,
};
