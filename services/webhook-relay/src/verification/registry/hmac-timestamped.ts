import { recordsOf, timestampPairs, withTimestampHeader } from './builders.js';
import { HANDSHAKES } from './handshakes.js';
import type { HmacScheme, ProviderRecord } from '../types.js';

const TIMESTAMPED_BODY: HmacScheme['message'] = ['timestamp', { literal: '.' }, 'body'];
const V0: HmacScheme['message'] = [{ literal: 'v0:' }, 'timestamp', { literal: ':' }, 'body'];
const pairs = timestampPairs;
const record = recordsOf('hmac-timestamped');

export const HMAC_TIMESTAMPED: ProviderRecord[] = [
  // checked against Stripe's own SDK (stripe-ruby Stripe::Webhook::Signature, rubydoc.info/gems/stripe/Stripe/Webhook/Signature):
  // hex HMAC-SHA256 of `{t}.{body}`, any v1 entry may match; the vector is signed by the `stripe` npm SDK.
  record('stripe', 'Stripe', 'https://docs.stripe.com/webhooks#verify-manually', pairs('stripe-signature', 'v1')),
  // checked against https://www.mux.com/docs/core/verify-webhook-signatures (the link moved there): mux-signature `t=..,v1=..`,
  // hex HMAC-SHA256 of `{t}.{body}`.
  record('mux', 'Mux', 'https://www.mux.com/docs/core/verify-webhook-signatures', pairs('mux-signature', 'v1')),
  // Not verifiable: the stored copy of Shippo's page (docs.goshippo.com/docs/tracking/webhooksecurity) stops before its HMAC
  // section; third-party verifiers agree on Shippo-Auth-Signature `t=..,v1=<hex>` over `{t}.{body}`.
  record('shippo', 'Shippo', 'https://docs.goshippo.com/docs/tracking/webhooksecurity/', pairs('shippo-auth-signature', 'v1')),
  record('calendly', 'Calendly', 'https://developer.calendly.com/api-docs/4c305798a61d3-webhook-signatures', pairs('calendly-webhook-signature', 'v1')),
  record('persona', 'Persona', 'https://docs.withpersona.com/docs/webhooks-best-practices#checking-signatures', pairs('persona-signature', 'v1', { groupSeparator: ' ' })),
  // checked against WorkOS's SDK (rubydoc.info/gems/workos/5.17.0/WorkOS/Webhooks: the signed timestamp is in milliseconds;
  // @workos-inc/node allows 180 s, inside our 300 s); its manual-validation page is not in the search tool's copy.
  record('workos', 'WorkOS', 'https://workos.com/docs/events/data-syncing/webhooks/3-process-the-events/b-validate-the-requests-manually', pairs('workos-signature', 'v1', { unit: 'milliseconds' })),
  record('tiktok', 'TikTok', 'https://developers.tiktok.com/doc/webhooks-verification', pairs('tiktok-signature', 's')),
  record('buildkite', 'Buildkite', 'https://buildkite.com/docs/apis/webhooks#webhook-signature', pairs('x-buildkite-signature', 'signature', { timestampKey: 'timestamp' })),
  // Not verifiable: the stored copy of Knock's page (docs.knock.app/developer-tools/outbound-webhooks) names x-knock-signature but
  // stops before its layout; third-party notes agree on `t=<ms>,s=<base64>` over `{t}.{body}`.
  record('knock', 'Knock', 'https://docs.knock.app/developer-tools/outbound-webhooks/overview#verifying-webhook-signatures', pairs('x-knock-signature', 's', { unit: 'milliseconds', encoding: 'base64' })),
  // Not verifiable: Affirm's page is not in the search tool's copy, and third-party descriptions disagree (one says a base64
  // HMAC); the record is left as written.
  record('affirm', 'Affirm', 'https://docs.affirm.com/developers/docs/webhooks', pairs('x-affirm-signature', 'v0', { digest: 'sha512' })),
  // Not verifiable: Paddle's page (developer.paddle.com/webhooks/signature-verification) is stored without its format section;
  // third-party verifiers agree on `ts=..;h1=..` (several h1 during a rotation) over `{ts}:{body}`.
  record('paddle', 'Paddle', 'https://developer.paddle.com/webhooks/signature-verification', pairs('paddle-signature', 'h1', { timestampKey: 'ts', pairSeparator: ';', message: ['timestamp', { literal: ':' }, 'body'] })),
  // checked against https://docs.recurly.com/recurly-subscriptions/docs/signature-verification (the link moved there): the header is
  // a Unix timestamp in milliseconds then one or more hex signatures, over `{ts}.{body}`; Recurly's SDK allows 5 minutes.
  record('recurly', 'Recurly', 'https://docs.recurly.com/recurly-subscriptions/docs/signature-verification', {
    kind: 'hmac', signatureHeader: 'recurly-signature', format: { kind: 'timestamp-first', separator: ',' }, digest: 'sha256', encoding: 'hex', key: 'utf8',
    timestamp: { unit: 'milliseconds' }, message: TIMESTAMPED_BODY,
  }),
  // checked against Slack's SDK (slack.dev/python-slack-sdk/api-docs/slack_sdk/signature): `v0=` + hex HMAC-SHA256 of
  // `v0:{ts}:{body}`, X-Slack-Request-Timestamp in seconds, 5 minutes.
  record('slack', 'Slack', 'https://api.slack.com/authentication/verifying-requests-from-slack', withTimestampHeader('x-slack-signature', 'x-slack-request-timestamp', V0, { prefix: 'v0=' }), { handshake: HANDSHAKES.slack }),
  // Not verifiable: Zoom's page (developers.zoom.us/docs/api/webhooks) is stored without its verify section; Zoom's changelog
  // confirms the x-zm-signature header, third-party verifiers the `v0:{ts}:{body}` message.
  record('zoom', 'Zoom', 'https://developers.zoom.us/docs/api/webhooks/#verify-webhook-events', withTimestampHeader('x-zm-signature', 'x-zm-request-timestamp', V0, { prefix: 'v0=' }), { handshake: HANDSHAKES.zoom }),
  // Not verifiable: Customer.io's webhook pages are stored without the signature section; third-party verifiers agree on
  // hex HMAC-SHA256 of `v0:{ts}:{body}` with X-CIO-Timestamp.
  record('customer-io', 'Customer.io', 'https://docs.customer.io/journeys/webhooks/#securely-verify-requests', withTimestampHeader('x-cio-signature', 'x-cio-timestamp', V0)),
  // checked against https://dev.twitch.tv/docs/eventsub/handling-webhook-events (RFC 3339 timestamps; Twitch's own example, as
  // reproduced by twitch4j and tesjs: `sha256=` + hex HMAC of id + timestamp + body).
  // Twitch signs the message id, the RFC 3339 timestamp and the body, and allows ten minutes.
  record('twitch', 'Twitch EventSub', 'https://dev.twitch.tv/docs/eventsub/handling-webhook-events/#verifying-the-event-message',
    withTimestampHeader('twitch-eventsub-message-signature', 'twitch-eventsub-message-timestamp', [{ header: 'twitch-eventsub-message-id' }, 'timestamp', 'body'], { prefix: 'sha256=', unit: 'iso', toleranceSeconds: 600 }), { handshake: HANDSHAKES.twitch }),
  // checked against https://developer.zendesk.com/documentation/webhooks/verifying/ (base64(HMACSHA256(TIMESTAMP + BODY))).
  record('zendesk', 'Zendesk', 'https://developer.zendesk.com/documentation/webhooks/verifying/',
    withTimestampHeader('x-zendesk-webhook-signature', 'x-zendesk-webhook-signature-timestamp', ['timestamp', 'body'], { encoding: 'base64', unit: 'iso' })),
  // checked against https://dev.frontapp.com/docs/application-webhooks (x-front-request-timestamp in milliseconds, `{ts}:{body}`,
  // base64 per its step 4 as quoted by Front staff on community.front.com). Front's rule webhooks (SHA-1 of the body) are not covered.
  record('front', 'Front', 'https://dev.frontapp.com/docs/application-webhooks#verifying-integrity',
    withTimestampHeader('x-front-signature', 'x-front-request-timestamp', ['timestamp', { literal: ':' }, 'body'], { encoding: 'base64', unit: 'milliseconds' })),
  record('sinch', 'Sinch', 'https://developers.sinch.com/docs/conversation/callbacks/#validating-callback-requests',
    withTimestampHeader('x-sinch-webhook-signature', 'x-sinch-webhook-signature-timestamp', ['body', { literal: '.' }, { header: 'x-sinch-webhook-signature-nonce' }, { literal: '.' }, 'timestamp'], { encoding: 'base64' })),
];
