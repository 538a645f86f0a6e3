import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

export const RINGCENTRAL: ProviderRecord = {
  slug: 'ringcentral',
  name: 'RingCentral',
  family: 'shared-secret',
  docs: 'https://developers.ringcentral.com/guide/notifications/webhooks/creating-webhooks',
  scheme: { kind: 'token', header: 'verification-token' },
  handshake: HANDSHAKES.ringcentral,
};
