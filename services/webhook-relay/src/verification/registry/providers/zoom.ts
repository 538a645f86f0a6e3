import { V0_MESSAGE, withTimestampHeader } from '../builders.js';
import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

// Not verifiable: Zoom's page (developers.zoom.us/docs/api/webhooks) is stored without its verify section; Zoom's changelog
// confirms the x-zm-signature header, third-party verifiers the `v0:{ts}:{body}` message.
export const ZOOM: ProviderRecord = {
  slug: 'zoom',
  name: 'Zoom',
  family: 'hmac-timestamped',
  docs: 'https://developers.zoom.us/docs/api/webhooks/#verify-webhook-events',
  scheme: withTimestampHeader('x-zm-signature', 'x-zm-request-timestamp', V0_MESSAGE, { prefix: 'v0=' }),
  handshake: HANDSHAKES.zoom,
};
