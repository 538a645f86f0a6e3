import { recordsOf, timestampPairs, withTimestampHeader } from './builders.js';
import type { HmacScheme, ProviderRecord } from '../types.js';

const record = recordsOf('hmac-timestamped');
const V0: HmacScheme['message'] = [{ literal: 'v0:' }, 'timestamp', { literal: ':' }, 'body'];

// HMAC over a signed timestamp and the body (issue 10's additions).
export const MORE_HMAC_TIMESTAMPED: ProviderRecord[] = [
  // The research table lists Webflow among providers without an enforced replay window; Webflow's
  // own page says to reject requests older than 5 minutes, so the default window applies.
  record('webflow', 'Webflow', 'https://developers.webflow.com/docs/verifying-webhook-signatures',
    withTimestampHeader('x-webflow-signature', 'x-webflow-timestamp', ['timestamp', { literal: ':' }, 'body'], { unit: 'milliseconds' })),
  // `v1=<hex>[,v1=<hex>]` (one per active secret during a rotation), over `v1.{timestamp}.{body}`.
  // checked against https://developer.revolut.com/docs/guides/merchant/monitor-and-observe/webhooks/verify-the-payload-signature
  // (Revolut's page for the same scheme; the Business API page linked below is not in the search tool's copy).
  record('revolut', 'Revolut Business', 'https://developer.revolut.com/docs/guides/manage-accounts/webhooks/verify-the-payload-signature',
    withTimestampHeader('revolut-signature', 'revolut-request-timestamp', [{ literal: 'v1.' }, 'timestamp', { literal: '.' }, 'body'], { unit: 'milliseconds', format: { kind: 'list', separator: ',', prefix: 'v1=' } })),
  // base64url signature, millisecond timestamp (the format of Sanity's @sanity/webhook, which checks no age).
  record('sanity', 'Sanity', 'https://www.sanity.io/docs/webhooks#security', { ...timestampPairs('sanity-webhook-signature', 'v1', { unit: 'milliseconds', encoding: 'base64' }), enforceReplayWindow: false }),
  // Airwallex sets no window for x-timestamp.
  record('airwallex', 'Airwallex', 'https://www.airwallex.com/docs/developer-tools__listen-for-webhook-events', {
    ...withTimestampHeader('x-signature', 'x-timestamp', ['timestamp', 'body'], { unit: 'milliseconds' }),
    enforceReplayWindow: false,
  }),
  // Close issues the signature key hex-encoded.
  record('close', 'Close', 'https://developer.close.com/topics/webhooks/#webhook-signatures', withTimestampHeader('close-sig-hash', 'close-sig-timestamp', ['timestamp', 'body'], { key: 'hex' })),
  record('frame-io', 'Frame.io', 'https://developer.frame.io/docs/automations-webhooks/webhooks-overview', withTimestampHeader('x-frameio-signature', 'x-frameio-request-timestamp', V0, { prefix: 'v0=' })),
  // ElevenLabs' own SDK (construct_event) accepts timestamps up to 30 minutes old.
  record('elevenlabs', 'ElevenLabs', 'https://elevenlabs.io/docs/product-guides/administration/webhooks', timestampPairs('elevenlabs-signature', 'v0', { toleranceSeconds: 1800 })),
  // checked against https://github.com/orbcorp/orb-node/blob/main/src/resources/webhooks.ts (Orb's SDK; its docs page was not found
  // with the search tool): X-Orb-Timestamp is an ISO date-time without a zone (UTC), and X-Orb-Signature may hold several
  // space-separated `v1=<hex>` entries. Before, a zone-less timestamp was read as server-local time and one entry was assumed.
  record('orb', 'Orb', 'https://docs.withorb.com/guides/integrations-and-exports/webhooks#webhooks-verification',
    withTimestampHeader('x-orb-signature', 'x-orb-timestamp', [{ literal: 'v1:' }, 'timestamp', { literal: ':' }, 'body'], { unit: 'iso', format: { kind: 'list', separator: ' ', prefix: 'v1=' } })),
  // Signs the HTTP Date header (RFC 1123), a newline, then the body.
  record('metronome', 'Metronome', 'https://docs.metronome.com/developer-resources/using-the-api/webhooks/', withTimestampHeader('metronome-webhook-signature', 'date', ['timestamp', { literal: '\n' }, 'body'], { unit: 'iso' })),
  // One signature per key (primary, secondary) over the body then the delivery timestamp; Box allows ten minutes.
  record('box', 'Box', 'https://developer.box.com/guides/webhooks/v2/signatures-v2/', {
    ...withTimestampHeader('box-signature-primary', 'box-delivery-timestamp', ['body', 'timestamp'], { encoding: 'base64', unit: 'iso', toleranceSeconds: 600 }),
    additionalSignatureHeaders: ['box-signature-secondary'],
  }),
  // Comma-joined base64 signatures (one per signing key) over `{webhook id}{timestamp}{body}`.
  record('configcat', 'ConfigCat', 'https://configcat.com/docs/advanced/notifications-webhooks/#verifying-webhook-requests',
    withTimestampHeader('x-configcat-webhook-signature-v1', 'x-configcat-webhook-timestamp', [{ header: 'x-configcat-webhook-id' }, 'timestamp', 'body'], { encoding: 'base64', format: { kind: 'list', separator: ',' } })),
  // `sha256=<hex>, t=<ms>` over the body followed by the timestamp. Ghost's docs page does not describe the
  // header; Ghost's staff did on its forum (forum.ghost.org/t/34082), matching Ghost's source.
  record('ghost', 'Ghost', 'https://ghost.org/docs/webhooks/', timestampPairs('x-ghost-signature', 'sha256', { unit: 'milliseconds', message: ['body', 'timestamp'] })),
  // checked against https://www.cashfree.com/docs/payments/subscription/webhook-signature (timestamp + raw body, base64)
  record('cashfree', 'Cashfree Payments', 'https://www.cashfree.com/docs/api-reference/payments/latest/subscription/webhook-signature', withTimestampHeader('x-webhook-signature', 'x-webhook-timestamp', ['timestamp', 'body'], { encoding: 'base64', unit: 'milliseconds' })),
  // Not verifiable: the search tool's copy of teller.io/docs/api/webhooks lacks its verification section; the header
  // layout (t=,v1=, one v1 per live secret) matches a third-party summary (docs.propstack.app/providers/teller).
  record('teller', 'Teller', 'https://teller.io/docs/api/webhooks#verifying-messages', timestampPairs('teller-signature', 'v1')),
  // checked against https://docs.lusha.com/webhooks/security
  record('lusha', 'Lusha', 'https://docs.lusha.com/webhooks/security', withTimestampHeader('x-lusha-signature', 'x-lusha-timestamp', ['timestamp', { literal: '.' }, 'body'])),
];
