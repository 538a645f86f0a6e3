import { createHash } from 'node:crypto';
import type { VerifiedIdentity } from './identity-providers.js';

/** One identity provider as the sign-in flow uses it: where to send the browser, and what the code proves. */
export interface IdentityClient {
  authorizationUrl(request: { state: string; nonce: string; codeVerifier: string; redirectUri: string }): Promise<string>;
  finish(request: { code: string; codeVerifier: string; nonce: string; redirectUri: string; now: Date }): Promise<VerifiedIdentity>;
}

/** PKCE S256 (RFC 7636): the challenge sent with the authorization request. */
export const codeChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A provider that answered something other than what the protocol says; the message is safe to show. */
export class IdentityProviderError extends Error {}

export async function readJson(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new IdentityProviderError(`${what} answered HTTP ${response.status}`);
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new IdentityProviderError(`${what} did not answer a JSON object`);
}
