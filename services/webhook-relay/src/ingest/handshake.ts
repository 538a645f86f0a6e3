import { createHmac } from 'node:crypto';
import { findProvider } from '../verification/registry.js';
import { headerValue, jsonField } from '../verification/request-view.js';
import type { CapturedRequestView, Handshake, HandshakeValue } from '../verification/types.js';

/** What the ingest answers instead of its usual `{event_id, duplicate_of}`. */
export interface HandshakeAnswer {
  contentType: 'text/plain; charset=utf-8' | 'application/json';
  body: string;
  headers: Array<[string, string]>;
}

// Challenges are short tokens; anything longer is not echoed (the ingest is no reflector for large input).
const MAX_CHALLENGE_LENGTH = 2048;
/**
 * An answer that is an HMAC of the challenge under the endpoint's secret is a signing oracle: a
 * challenge of `v0:{ts}:{body}` (Zoom) or a JSON body (X) would come back as a valid signature for a
 * forged event. Providers' challenges are random tokens, so only token characters are answered.
 */
const SIGNED_CHALLENGE = /^[A-Za-z0-9_\-+/=.]{1,256}$/;

/** The setup handshake this request is, for the provider configured on its endpoint, with its challenge. */
export function findHandshake(provider: string | null, request: CapturedRequestView): { handshake: Handshake; challenge: string } | null {
  const handshake = provider ? findProvider(provider)?.handshake : undefined;
  if (!handshake) return null;
  if (handshake.method && request.method.toUpperCase() !== handshake.method) return null;
  if (!(handshake.when ?? []).every(({ value, equals }) => read(value, request) === equals)) return null;
  const challenge = read(handshake.challenge, request);
  if (challenge === undefined || challenge === '' || challenge.length > MAX_CHALLENGE_LENGTH) return null;
  return { handshake, challenge };
}

/**
 * The answer the provider expects. `secret` keys the answers that prove knowledge of it (Zoom, X);
 * without one such a handshake cannot be answered (null: the usual answer goes out).
 */
export function answerHandshake(
  handshake: Handshake,
  challenge: string,
  captureAnswer: string,
  secret: string | null,
): HandshakeAnswer | null {
  const { respond } = handshake;
  switch (respond.kind) {
    case 'text':
      return { contentType: 'text/plain; charset=utf-8', body: challenge, headers: [] };
    case 'json':
      return { contentType: 'application/json', body: JSON.stringify({ [respond.field]: challenge }), headers: [] };
    case 'header':
      return { contentType: 'application/json', body: captureAnswer, headers: [[respond.header, challenge]] };
    case 'json-hmac': {
      if (secret === null || !SIGNED_CHALLENGE.test(challenge)) return null;
      const proof = `${respond.prefix ?? ''}${createHmac('sha256', secret).update(challenge).digest(respond.encoding)}`;
      return {
        contentType: 'application/json',
        body: JSON.stringify({ ...(respond.echoField ? { [respond.echoField]: challenge } : {}), [respond.field]: proof }),
        headers: [],
      };
    }
  }
}

/** Whether answering this handshake needs the endpoint's secret. */
export const needsSecret = (handshake: Handshake): boolean => handshake.respond.kind === 'json-hmac';

function read(value: HandshakeValue, request: CapturedRequestView): string | undefined {
  if ('header' in value) return headerValue(request, value.header);
  if ('jsonField' in value) return jsonField(request.body, value.jsonField);
  // Query strings are parsed as providers send them (Meta's `hub.challenge` has a dot in its name).
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  return new URLSearchParams(query).get(value.query) ?? undefined;
}
