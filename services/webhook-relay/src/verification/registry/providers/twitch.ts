import { withTimestampHeader } from '../builders.js';
import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

// checked against https://dev.twitch.tv/docs/eventsub/handling-webhook-events (RFC 3339 timestamps; Twitch's own example, as
// reproduced by twitch4j and tesjs: `sha256=` + hex HMAC of id + timestamp + body).
// Twitch signs the message id, the RFC 3339 timestamp and the body, and allows ten minutes.
export const TWITCH: ProviderRecord = {
  slug: 'twitch',
  name: 'Twitch EventSub',
  family: 'hmac-timestamped',
  docs: 'https://dev.twitch.tv/docs/eventsub/handling-webhook-events/#verifying-the-event-message',
  scheme: withTimestampHeader(
    'twitch-eventsub-message-signature',
    'twitch-eventsub-message-timestamp',
    [{ header: 'twitch-eventsub-message-id' }, 'timestamp', 'body'],
    { prefix: 'sha256=', unit: 'iso', toleranceSeconds: 600 },
  ),
  handshake: HANDSHAKES.twitch,
};
