import { recordsOf } from './builders.js';
import type { ProviderRecord } from '../types.js';

const record = recordsOf('hmac-request');

// Schemes whose signature or signed content sits outside the headers-and-body layout (issue 10's additions).
export const MORE_HMAC_REQUEST: ProviderRecord[] = [
  // Signature, timestamp and token travel in the JSON body; the HMAC covers `{timestamp}{token}` only,
  // not the event data (Mailgun's design: the token makes each signature single-use).
  record('mailgun', 'Mailgun', 'https://documentation.mailgun.com/docs/mailgun/user-manual/tracking-messages/#securing-webhooks', {
    kind: 'hmac', signatureHeader: 'signature.signature', signatureIn: 'json-body', format: { kind: 'plain' }, digest: 'sha256', encoding: 'hex', key: 'utf8',
    timestamp: { jsonField: 'signature.timestamp', unit: 'seconds' }, message: ['timestamp', { jsonField: 'signature.token' }],
  }),
  // The signature is the `signature` query parameter of the URL PandaDoc calls.
  record('pandadoc', 'PandaDoc', 'https://developers.pandadoc.com/docs/webhooks#verifying-webhook-signature', {
    kind: 'hmac', signatureHeader: 'signature', signatureIn: 'query', format: { kind: 'plain' }, digest: 'sha256', encoding: 'hex', key: 'utf8', message: ['body'],
  }),
  // A manifest `id:{data.id};request-id:{x-request-id};ts:{ts};` built from the URL's data.id and a header.
  record('mercado-pago', 'Mercado Pago', 'https://www.mercadopago.com/developers/en/docs/your-integrations/notifications/webhooks', {
    kind: 'hmac', signatureHeader: 'x-signature', format: { kind: 'pairs', pairSeparator: ',', signatureKey: 'v1', timestampKey: 'ts' }, digest: 'sha256', encoding: 'hex', key: 'utf8',
    // Its page gives no window for ts (the research table lists Mercado Pago without one too).
    timestamp: { unit: 'seconds' }, enforceReplayWindow: false,
    message: [{ literal: 'id:' }, { queryParam: 'data.id' }, { literal: ';request-id:' }, { header: 'x-request-id' }, { literal: ';ts:' }, 'timestamp', { literal: ';' }],
  }),
  // Bird's current scheme (its documentation, over the older MessageBird-Signature-JWT): base64 HMAC-SHA256
  // of `{timestamp}\n{url}\n{raw sha256 of the body}`. The page does not give the timestamp's unit; MessageBird's was seconds.
  record('bird', 'Bird (MessageBird)', 'https://docs.bird.com/api/notifications-api/api-reference/webhooks/verifying-a-webhook', {
    kind: 'hmac', signatureHeader: 'messagebird-signature', format: { kind: 'plain' }, digest: 'sha256', encoding: 'base64', key: 'utf8',
    timestamp: { header: 'messagebird-request-timestamp', unit: 'seconds' }, message: ['timestamp', { literal: '\n' }, 'url', { literal: '\n' }, 'body-sha256'],
  }),
];
