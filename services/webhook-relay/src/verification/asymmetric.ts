import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import { headerValue } from './request-view.js';
import { signedMessage } from './signed-message.js';
import { checkTimestamp } from './timestamp-window.js';
import type { AsymmetricScheme, CapturedRequestView, VerificationOutcome, VerificationSecret } from './types.js';

type Result = Omit<VerificationOutcome, 'provider'>;
const failed = (cause: Result['cause'], detail: Record<string, unknown> | null = null): Result => ({
  state: 'failed',
  cause,
  detail,
  matchedSecretId: null,
});

// Ed25519 public keys as raw 32 bytes are wrapped in this SPKI prefix for Node's key parser.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** Ed25519, ECDSA P-256 and RSA (SHA-256 or SHA-512): the endpoint's "secrets" are the provider's public keys. */
export function verifyAsymmetric(
  scheme: AsymmetricScheme,
  request: CapturedRequestView,
  publicKeys: VerificationSecret[],
  now: Date,
): Result {
  const encoded = headerValue(request, scheme.signatureHeader);
  if (encoded === undefined) return failed('missing_header', { header: scheme.signatureHeader });
  const timestamp = scheme.timestamp ? headerValue(request, scheme.timestamp.header) : undefined;
  if (scheme.timestamp && timestamp === undefined) return failed('missing_header', { header: scheme.timestamp.header });
  const signature =
    scheme.signatureEncoding === 'hex'
      ? /^[0-9a-fA-F]+$/.test(encoded)
        ? Buffer.from(encoded, 'hex')
        : Buffer.alloc(0)
      : Buffer.from(encoded, 'base64');
  if (signature.length === 0 || (scheme.kind === 'ed25519' && signature.length !== 64))
    return failed('malformed_signature', { header: scheme.signatureHeader });
  const window = scheme.timestamp
    ? checkTimestamp(timestamp, scheme.timestamp.unit, now, scheme.toleranceSeconds)
    : ({ ok: true } as const);
  if (!window.ok) return failed(window.cause, window.detail);

  const message = signedMessage(scheme.message, request, timestamp);
  for (const candidate of publicKeys) {
    const key = parsePublicKey(scheme.kind, candidate.value);
    if (!key) continue;
    const algorithm = scheme.kind === 'ed25519' ? null : scheme.kind === 'rsa-sha512' ? 'sha512' : 'sha256';
    if (verify(algorithm, message, key, signature)) return { state: 'verified', cause: null, detail: null, matchedSecretId: candidate.id };
  }
  return failed('wrong_secret', { keysTried: publicKeys.length });
}

export function parsePublicKey(kind: AsymmetricScheme['kind'], value: string): KeyObject | null {
  try {
    const text = value.trim();
    if (text.startsWith('-----BEGIN')) return createPublicKey(text);
    // A JWK, as providers that publish keys over an API hand them out (Plaid).
    if (text.startsWith('{')) return createPublicKey({ key: JSON.parse(text) as JsonWebKey, format: 'jwk' });
    if (kind === 'ed25519' && /^[0-9a-fA-F]{64}$/.test(text))
      return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(text, 'hex')]), format: 'der', type: 'spki' });
    const der = Buffer.from(text, 'base64');
    if (kind === 'ed25519' && der.length === 32)
      return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, der]), format: 'der', type: 'spki' });
    return createPublicKey({ key: der, format: 'der', type: 'spki' });
  } catch {
    return null;
  }
}
