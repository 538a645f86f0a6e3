import { errors, jwtVerify, SignJWT } from 'jose';
import { issuerId, type OAuthSettings } from './oauth-settings.js';

export interface AccessTokenClaims {
  grantId: string;
  tenantId: string;
  clientId: string;
  scopes: string[];
  /** Seconds since the epoch. */
  expiresAt: number;
}

/** A short-lived JWT (HS256) for exactly one audience, the MCP resource. */
export async function signAccessToken(settings: OAuthSettings, claims: Omit<AccessTokenClaims, 'expiresAt'>, now: Date) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + settings.accessTokenTtlSeconds;
  const token = await new SignJWT({ tid: claims.tenantId, client_id: claims.clientId, scope: claims.scopes.join(' ') })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setIssuer(issuerId(settings))
    .setAudience(settings.resource.href)
    .setSubject(claims.grantId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(settings.signingKeys[0]!);
  return { token, expiresAt };
}

export type AccessTokenProblem = 'expired' | 'wrong_audience' | 'invalid';

/** The claims of a token this server signed for its MCP resource, or why it is refused. */
export async function readAccessToken(
  settings: OAuthSettings,
  token: string,
  now: Date,
): Promise<AccessTokenClaims | { problem: AccessTokenProblem }> {
  for (const key of settings.signingKeys) {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: issuerId(settings),
        audience: settings.resource.href,
        algorithms: ['HS256'],
        typ: 'at+jwt',
        currentDate: now,
      });
      if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.client_id !== 'string' || !payload.exp)
        return { problem: 'invalid' };
      return {
        grantId: payload.sub,
        tenantId: payload.tid,
        clientId: payload.client_id,
        scopes: typeof payload.scope === 'string' && payload.scope ? payload.scope.split(' ') : [],
        expiresAt: payload.exp,
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { problem: 'expired' };
      if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') return { problem: 'wrong_audience' };
      // Another key may have signed it (rotation); otherwise it is not ours.
    }
  }
  return { problem: 'invalid' };
}
