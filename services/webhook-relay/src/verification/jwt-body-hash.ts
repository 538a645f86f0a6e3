import { createHash, createHmac } from 'node:crypto';
import { sameBytes } from './constant-time.js';
import { headerValue } from './request-view.js';
import type { CapturedRequestView, JwtBodyHashScheme, VerificationOutcome, VerificationSecret } from './types.js';

type Result = Omit<VerificationOutcome, 'provider'>;
const failed = (cause: Result['cause'], detail: Record<string, unknown> | null = null): Result => ({ state: 'failed', cause, detail, matchedSecretId: null });

/** An HS256 JWT signed with the shared secret whose claim carries the hex sha256 of the body. */
export function verifyJwtBodyHash(scheme: JwtBodyHashScheme, request: CapturedRequestView, secrets: VerificationSecret[]): Result {
  const token = headerValue(request, scheme.header);
  if (token === undefined) return failed('missing_header', { header: scheme.header });
  const parts = token.split('.');
  if (parts.length !== 3) return failed('malformed_signature', { header: scheme.header });
  const [header, payload, signature] = parts as [string, string, string];
  let claims: Record<string, unknown>;
  try {
    if ((JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg !== 'HS256') return failed('malformed_signature', { reason: 'only HS256 is accepted' });
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return failed('malformed_signature', { header: scheme.header });
  }
  const given = Buffer.from(signature, 'base64url');
  const matched = secrets.find((secret) => sameBytes(given, createHmac('sha256', secret.value).update(`${header}.${payload}`).digest()));
  if (!matched) return failed('wrong_secret', { secretsTried: secrets.length });
  const bodyHash = createHash('sha256').update(request.body).digest('hex');
  if (typeof claims[scheme.bodyHashClaim] !== 'string' || !sameBytes(Buffer.from(claims[scheme.bodyHashClaim] as string), Buffer.from(bodyHash))) {
    return failed('body_modified', { evidence: 'body_hash_claim' });
  }
  return { state: 'verified', cause: null, detail: null, matchedSecretId: matched.id };
}
