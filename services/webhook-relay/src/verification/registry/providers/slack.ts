import { V0_MESSAGE, withTimestampHeader } from '../builders.js';
import { HANDSHAKES } from '../handshakes.js';
import type { ProviderRecord } from '../../types.js';

// checked against Slack's SDK (slack.dev/python-slack-sdk/api-docs/slack_sdk/signature): `v0=` + hex HMAC-SHA256 of
// `v0:{ts}:{body}`, X-Slack-Request-Timestamp in seconds, 5 minutes.
export const SLACK: ProviderRecord = {
  slug: 'slack',
  name: 'Slack',
  family: 'hmac-timestamped',
  docs: 'https://api.slack.com/authentication/verifying-requests-from-slack',
  scheme: withTimestampHeader('x-slack-signature', 'x-slack-request-timestamp', V0_MESSAGE, { prefix: 'v0=' }),
  handshake: HANDSHAKES.slack,
};
