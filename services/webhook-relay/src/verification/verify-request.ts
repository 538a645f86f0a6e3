import { verifyAsymmetric } from './asymmetric.js';
import { verifyHmac } from './hmac-engine.js';
import { verifyJwtBodyHash } from './jwt-body-hash.js';
import { findProvider } from './registry.js';
import { verifyBodyToken, verifySharedSecret } from './shared-secret.js';
import { verifyTwilio } from './twilio.js';
import type { CapturedRequestView, Scheme, VerificationOutcome, VerificationSecret } from './types.js';

/** Verifies a stored request for the provider configured on its endpoint (never a guessed one). */
export function verifyRequest(input: {
  provider: string | null;
  secrets: VerificationSecret[];
  request: CapturedRequestView;
  now: Date;
}): VerificationOutcome {
  const { provider: slug, secrets, request, now } = input;
  if (slug === null) return { state: 'unattempted', provider: null, cause: null, detail: null, matchedSecretId: null };
  const provider = findProvider(slug);
  if (!provider) return { state: 'unattempted', provider: slug, cause: 'unknown_provider', detail: null, matchedSecretId: null };
  if (secrets.length === 0)
    return { state: 'unattempted', provider: slug, cause: 'no_secret_configured', detail: null, matchedSecretId: null };
  const { scheme } = provider;
  return { ...verifyScheme(scheme, request, secrets, now), provider: slug };
}

function verifyScheme(
  scheme: Scheme,
  request: CapturedRequestView,
  secrets: VerificationSecret[],
  now: Date,
): Omit<VerificationOutcome, 'provider'> {
  switch (scheme.kind) {
    case 'hmac':
      return verifyHmac(scheme, request, secrets, now);
    case 'jwt-body-hash':
      return verifyJwtBodyHash(scheme, request, secrets, now);
    case 'body-token':
      return verifyBodyToken(scheme, request, secrets);
    case 'token':
    case 'basic':
      return verifySharedSecret(scheme, request, secrets);
    case 'twilio':
      return verifyTwilio(request, secrets);
    default:
      return verifyAsymmetric(scheme, request, secrets, now);
  }
}
