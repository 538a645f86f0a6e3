import type { Handshake } from '../types.js';

// Setup handshakes as data: how each provider proves the URL before it sends events (see src/ingest/handshake.ts).
export const HANDSHAKES = {
  // POST {"type":"url_verification","challenge":"..."}: answer the challenge (Slack accepts text/plain).
  slack: {
    method: 'POST',
    when: [{ value: { jsonField: 'type' }, equals: 'url_verification' }],
    challenge: { jsonField: 'challenge' },
    respond: { kind: 'text' },
  },
  // GET ?hub.mode=subscribe&hub.challenge=...&hub.verify_token=...: answer hub.challenge.
  meta: {
    method: 'GET',
    when: [{ value: { query: 'hub.mode' }, equals: 'subscribe' }],
    challenge: { query: 'hub.challenge' },
    respond: { kind: 'text' },
  },
  // POST {"event":"endpoint.url_validation","payload":{"plainToken":"..."}}: {plainToken, encryptedToken: hex HMAC-SHA256(secret, plainToken)}.
  zoom: {
    method: 'POST',
    when: [{ value: { jsonField: 'event' }, equals: 'endpoint.url_validation' }],
    challenge: { jsonField: 'payload.plainToken' },
    respond: { kind: 'json-hmac', field: 'encryptedToken', encoding: 'hex', echoField: 'plainToken' },
  },
  // Twitch-Eventsub-Message-Type: webhook_callback_verification, {"challenge":"..."}: the challenge as text/plain.
  twitch: {
    method: 'POST',
    when: [{ value: { header: 'twitch-eventsub-message-type' }, equals: 'webhook_callback_verification' }],
    challenge: { jsonField: 'challenge' },
    respond: { kind: 'text' },
  },
  // GET ?challenge=...: echoed as text/plain (the ingest always adds X-Content-Type-Options: nosniff).
  dropbox: { method: 'GET', challenge: { query: 'challenge' }, respond: { kind: 'text' } },
  // POST ?validationToken=...: the decoded token as text/plain within 10 seconds.
  microsoftGraph: { method: 'POST', challenge: { query: 'validationToken' }, respond: { kind: 'text' } },
  // GET with X-Okta-Verification-Challenge: {"verification": "..."}.
  okta: { method: 'GET', challenge: { header: 'x-okta-verification-challenge' }, respond: { kind: 'json', field: 'verification' } },
  // X-Hook-Secret on the first POST: the same header back (it is also the secret that signs later events).
  asana: { method: 'POST', challenge: { header: 'x-hook-secret' }, respond: { kind: 'header', header: 'X-Hook-Secret' } },
  // GET ?crc_token=...: {"response_token": "sha256=" + base64 HMAC-SHA256(consumer secret, crc_token)}.
  x: {
    method: 'GET',
    challenge: { query: 'crc_token' },
    respond: { kind: 'json-hmac', field: 'response_token', encoding: 'base64', prefix: 'sha256=' },
  },
  // Smartsheet-Hook-Challenge: the same value back in Smartsheet-Hook-Response.
  smartsheet: {
    method: 'POST',
    challenge: { header: 'smartsheet-hook-challenge' },
    respond: { kind: 'header', header: 'Smartsheet-Hook-Response' },
  },
  // Validation-Token on the subscription's first POST: the same header back.
  ringcentral: { method: 'POST', challenge: { header: 'validation-token' }, respond: { kind: 'header', header: 'Validation-Token' } },
} satisfies Record<string, Handshake>;
