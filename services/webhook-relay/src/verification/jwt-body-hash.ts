import { createHash, createHmac, verify } from 'node:crypto';
import { parsePublicKey } from './asymmetric.js';
import { sameBytes } from './constant-time.js';
import { headerValue } from './request-view.js';
import type { CapturedRequestView, JwtBodyHashScheme, VerificationOutcome, VerificationSecret } from './types.js';

type Result = Omit<VerificationOutcome, 'provider'>;
const failed = (cause: Result['cause'], detail: Record<string, unknown> | null = null): Result => ({
  state: 'failed',
  cause,
  detail,
  matchedSecretId: null,
});

/**
 * A JWT whose claim carries the hex sha256 of the body: HS256 signed with the shared secret, or ES256
 * signed by the provider (the endpoint's "secrets" are then its public keys). Only the algorithm the
 * record names is accepted, whatever the token's header claims.
 */
export function verifyJwtBodyHash(
  scheme: JwtBodyHashScheme,
  request: CapturedRequestView,
  secrets: VerificationSecret[],
  now: Date,
): Result {
  const value = headerValue(request, scheme.header);
  if (value === undefined) return failed('missing_header', { header: scheme.header });
  if (scheme.prefix && !value.startsWith(scheme.prefix)) return failed('malformed_signature', { header: scheme.header });
  const parts = value
    .slice(scheme.prefix?.length ?? 0)
    .trim()
    .split('.');
  if (parts.length !== 3) return failed('malformed_signature', { header: scheme.header });
  const [header, payload, signature] = parts as [string, string, string];
  let claims: Record<string, unknown>;
  try {
    if ((JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg !== scheme.algorithm)
      return failed('malformed_signature', { reason: `only ${scheme.algorithm} is accepted` });
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return failed('malformed_signature', { header: scheme.header });
  }
  const given = Buffer.from(signature, 'base64url');
  const signed = Buffer.from(`${header}.${payload}`, 'utf8');
  const matched = secrets.find((secret) => signedBy(scheme.algorithm, secret.value, signed, given));
  if (!matched) return failed('wrong_secret', { secretsTried: secrets.length });
  if (scheme.maxAgeSeconds !== undefined) {
    const skewSeconds = typeof claims.iat === 'number' ? Math.round(now.getTime() / 1000 - claims.iat) : NaN;
    if (Number.isNaN(skewSeconds)) return failed('malformed_signature', { reason: 'the token has no numeric iat claim' });
    if (Math.abs(skewSeconds) > scheme.maxAgeSeconds)
      return failed(skewSeconds > 0 ? 'timestamp_too_old' : 'timestamp_in_future', { skewSeconds, toleranceSeconds: scheme.maxAgeSeconds });
  }
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  const claimed = claims[scheme.bodyHashClaim];
  if (typeof claimed !== 'string' || !sameBytes(Buffer.from(claimed.toLowerCase()), Buffer.from(bodyHash)))
    return failed('body_modified', { evidence: 'body_hash_claim' });
  return { state: 'verified', cause: null, detail: null, matchedSecretId: matched.id };
}

function signedBy(algorithm: JwtBodyHashScheme['algorithm'], secret: string, signed: Buffer, given: Buffer): boolean {
  if (algorithm === 'HS256') return sameBytes(given, createHmac('sha256', secret).update(signed).digest());
  const key = parsePublicKey('ecdsa-p256', secret);
  // JWS carries ES256 signatures as r||s (64 bytes), not DER.
  return key !== null && given.length === 64 && verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, given);
}
