import type { HmacScheme, ProviderRecord, TimestampUnit } from '../types.js';

const TIMESTAMPED_BODY: HmacScheme['message'] = ['timestamp', { literal: '.' }, 'body'];

// `t=<ts>,<key>=<hex>` in one header (Stripe's layout), message `{t}.{body}` unless given.
const pairs = (header: string, signatureKey: string, options: Partial<{ timestampKey: string; unit: TimestampUnit; encoding: HmacScheme['encoding']; digest: HmacScheme['digest']; pairSeparator: string; groupSeparator: string; message: HmacScheme['message'] }> = {}): HmacScheme => ({
  kind: 'hmac',
  signatureHeader: header,
  format: { kind: 'pairs', pairSeparator: options.pairSeparator ?? ',', signatureKey, timestampKey: options.timestampKey ?? 't', ...(options.groupSeparator ? { groupSeparator: options.groupSeparator } : {}) },
  digest: options.digest ?? 'sha256',
  encoding: options.encoding ?? 'hex',
  key: 'utf8',
  timestamp: { unit: options.unit ?? 'seconds' },
  message: options.message ?? TIMESTAMPED_BODY,
});

// Signature in one header, timestamp in another.
const withTimestampHeader = (signatureHeader: string, timestampHeader: string, message: HmacScheme['message'], options: Partial<{ prefix: string; unit: TimestampUnit; encoding: HmacScheme['encoding']; toleranceSeconds: number }> = {}): HmacScheme => ({
  kind: 'hmac',
  signatureHeader,
  format: { kind: 'plain', ...(options.prefix ? { prefix: options.prefix } : {}) },
  digest: 'sha256',
  encoding: options.encoding ?? 'hex',
  key: 'utf8',
  timestamp: { header: timestampHeader, unit: options.unit ?? 'seconds' },
  message,
  ...(options.toleranceSeconds ? { toleranceSeconds: options.toleranceSeconds } : {}),
});

const record = (slug: string, name: string, docs: string, scheme: HmacScheme): ProviderRecord => ({ slug, name, family: 'hmac-timestamped', docs, scheme });
const V0 = [{ literal: 'v0:' }, 'timestamp', { literal: ':' }, 'body'] as HmacScheme['message'];

export const HMAC_TIMESTAMPED: ProviderRecord[] = [
  record('stripe', 'Stripe', 'https://docs.stripe.com/webhooks#verify-manually', pairs('stripe-signature', 'v1')),
  record('mux', 'Mux', 'https://docs.mux.com/core/verify-webhook-signatures', pairs('mux-signature', 'v1')),
  record('shippo', 'Shippo', 'https://docs.goshippo.com/docs/tracking/webhooksecurity/', pairs('shippo-auth-signature', 'v1')),
  record('calendly', 'Calendly', 'https://developer.calendly.com/api-docs/4c305798a61d3-webhook-signatures', pairs('calendly-webhook-signature', 'v1')),
  record('persona', 'Persona', 'https://docs.withpersona.com/docs/webhooks-best-practices#checking-signatures', pairs('persona-signature', 'v1', { groupSeparator: ' ' })),
  record('workos', 'WorkOS', 'https://workos.com/docs/events/data-syncing/webhooks/3-process-the-events/b-validate-the-requests-manually', pairs('workos-signature', 'v1', { unit: 'milliseconds' })),
  record('tiktok', 'TikTok', 'https://developers.tiktok.com/doc/webhooks-verification', pairs('tiktok-signature', 's')),
  record('buildkite', 'Buildkite', 'https://buildkite.com/docs/apis/webhooks#webhook-signature', pairs('x-buildkite-signature', 'signature', { timestampKey: 'timestamp' })),
  record('knock', 'Knock', 'https://docs.knock.app/developer-tools/outbound-webhooks/overview#verifying-webhook-signatures', pairs('x-knock-signature', 's', { unit: 'milliseconds', encoding: 'base64' })),
  record('affirm', 'Affirm', 'https://docs.affirm.com/developers/docs/webhooks', pairs('x-affirm-signature', 'v0', { digest: 'sha512' })),
  record('paddle', 'Paddle', 'https://developer.paddle.com/webhooks/signature-verification', pairs('paddle-signature', 'h1', { timestampKey: 'ts', pairSeparator: ';', message: ['timestamp', { literal: ':' }, 'body'] })),
  record('recurly', 'Recurly', 'https://recurly.com/developers/guides/signature-verification.html', {
    kind: 'hmac', signatureHeader: 'recurly-signature', format: { kind: 'timestamp-first', separator: ',' }, digest: 'sha256', encoding: 'hex', key: 'utf8',
    timestamp: { unit: 'milliseconds' }, message: TIMESTAMPED_BODY,
  }),
  record('slack', 'Slack', 'https://api.slack.com/authentication/verifying-requests-from-slack', withTimestampHeader('x-slack-signature', 'x-slack-request-timestamp', V0, { prefix: 'v0=' })),
  record('zoom', 'Zoom', 'https://developers.zoom.us/docs/api/webhooks/#verify-webhook-events', withTimestampHeader('x-zm-signature', 'x-zm-request-timestamp', V0, { prefix: 'v0=' })),
  record('customer-io', 'Customer.io', 'https://docs.customer.io/journeys/webhooks/#securely-verify-requests', withTimestampHeader('x-cio-signature', 'x-cio-timestamp', V0)),
  // Twitch signs the message id, the RFC 3339 timestamp and the body, and allows ten minutes.
  record('twitch', 'Twitch EventSub', 'https://dev.twitch.tv/docs/eventsub/handling-webhook-events/#verifying-the-event-message',
    withTimestampHeader('twitch-eventsub-message-signature', 'twitch-eventsub-message-timestamp', [{ header: 'twitch-eventsub-message-id' }, 'timestamp', 'body'], { prefix: 'sha256=', unit: 'iso', toleranceSeconds: 600 })),
  record('zendesk', 'Zendesk', 'https://developer.zendesk.com/documentation/webhooks/verifying/',
    withTimestampHeader('x-zendesk-webhook-signature', 'x-zendesk-webhook-signature-timestamp', ['timestamp', 'body'], { encoding: 'base64', unit: 'iso' })),
  record('front', 'Front', 'https://dev.frontapp.com/docs/application-webhooks#verifying-integrity',
    withTimestampHeader('x-front-signature', 'x-front-request-timestamp', ['timestamp', { literal: ':' }, 'body'], { encoding: 'base64', unit: 'milliseconds' })),
  record('sinch', 'Sinch', 'https://developers.sinch.com/docs/conversation/callbacks/#validating-callback-requests',
    withTimestampHeader('x-sinch-webhook-signature', 'x-sinch-webhook-signature-timestamp', ['body', { literal: '.' }, { header: 'x-sinch-webhook-signature-nonce' }, { literal: '.' }, 'timestamp'], { encoding: 'base64' })),
];
