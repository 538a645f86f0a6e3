import { createHash } from 'node:crypto';
import { sameBytes } from './constant-time.js';
import { headerValue, jsonField } from './request-view.js';
import type { BodyTokenScheme, CapturedRequestView, SharedSecretScheme, VerificationOutcome, VerificationSecret } from './types.js';

type Result = Omit<VerificationOutcome, 'provider'>;

/** A static token or HTTP Basic credentials (`user:password`) sent as is: authenticated, not verified. */
export function verifySharedSecret(scheme: SharedSecretScheme, request: CapturedRequestView, secrets: VerificationSecret[]): Result {
  const value = headerValue(request, scheme.header);
  if (value === undefined) return { state: 'failed', cause: 'missing_header', detail: { header: scheme.header }, matchedSecretId: null };
  let presented = value;
  if (scheme.kind === 'basic') {
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(value);
    if (!match) return { state: 'failed', cause: 'malformed_signature', detail: { header: scheme.header }, matchedSecretId: null };
    presented = Buffer.from(match[1]!, 'base64').toString('utf8');
  }
  return matchPresented(presented, secrets);
}

/** A shared secret inside the JSON body (Graph's clientState, Figma's passcode): authenticated, not verified. */
export function verifyBodyToken(scheme: BodyTokenScheme, request: CapturedRequestView, secrets: VerificationSecret[]): Result {
  const presented = jsonField(request.body, scheme.jsonField);
  if (presented === undefined)
    return { state: 'failed', cause: 'missing_header', detail: { field: scheme.jsonField }, matchedSecretId: null };
  return matchPresented(presented, secrets);
}

function matchPresented(presented: string, secrets: VerificationSecret[]): Result {
  // Hash both sides first, so the comparison is constant-time whatever the lengths.
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  const matched = secrets.find((secret) => sameBytes(digest(presented), digest(secret.value)));
  if (!matched) return { state: 'failed', cause: 'wrong_secret', detail: { secretsTried: secrets.length }, matchedSecretId: null };
  return { state: 'authenticated', cause: null, detail: null, matchedSecretId: matched.id };
}
