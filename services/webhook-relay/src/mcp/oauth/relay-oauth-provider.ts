import type { Response } from 'express';
import type { Logger } from '@workspace/service-kit';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import {
  InvalidGrantError,
  InvalidTargetError,
  InvalidTokenError,
  OAuthError,
  ServerError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokenRevocationRequest, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ConnectionPool } from '../../db/prisma.js';
import type { TenantDatabase } from '../../db/tenant-database.js';
import type { Runtime } from '../../domain/runtime.js';
import { readAccessToken, signAccessToken } from './access-tokens.js';
import type { PgClientsStore } from './client-store.js';
import { findGrant, grantStillValid, revokeGrant, type Grant } from './grants.js';
import { hashOAuthSecret, newOAuthSecret } from './oauth-secrets.js';
import { AUTHORIZATION_REQUEST_TTL_SECONDS, type OAuthSettings } from './oauth-settings.js';
import { sameResource } from './same-resource.js';

export const CONSENT_PATH = '/oauth/consent';

/** Who an MCP request acts for, from its access token (AuthInfo.extra). */
export interface McpPrincipal {
  tenantId: string;
  actor: string;
  grantId: string;
  clientId: string;
}

/**
 * The relay's own OAuth 2.1 authorization server behind the SDK's handlers (/oauth/authorize, /oauth/token,
 * /oauth/register, /oauth/revoke): authorization requests wait for the person on the consent page; codes are
 * single-use and bound to the client, redirect URI, PKCE challenge and resource; refresh tokens rotate on every
 * use; a code or refresh token presented again revokes the grant; access tokens are short-lived JWTs for the MCP resource only.
 */
export class RelayOAuthProvider implements OAuthServerProvider {
  constructor(
    private readonly pool: ConnectionPool,
    private readonly tenants: TenantDatabase,
    private readonly runtime: Runtime,
    private readonly settings: OAuthSettings,
    readonly clientsStore: PgClientsStore,
    private readonly logger: Logger,
  ) {}

  /**
   * Answers here, never by throwing: the SDK would send a thrown error to the client's redirect URI, which no person
   * has approved yet (checkAuthorizationRequest has refused every bad request before this).
   */
  async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    try {
      await this.startConsent(client, params, res);
    } catch (error) {
      if (!(error instanceof OAuthError)) this.logger.error({ err: error }, 'an authorization request could not be stored');
      const refusal = error instanceof OAuthError ? error : new ServerError('the authorization request could not be stored: try again');
      res
        .status(refusal instanceof ServerError ? 500 : 400)
        .setHeader('Cache-Control', 'no-store')
        .json(refusal.toResponseObject());
    }
  }

  private async startConsent(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response): Promise<void> {
    if (params.resource && !sameResource(params.resource, this.settings.resource))
      throw new InvalidTargetError(`this server issues tokens for ${this.settings.resource.href} only`);
    const requestId = newOAuthSecret(this.runtime, '');
    const now = this.runtime.now();
    const expiresAt = new Date(now.getTime() + AUTHORIZATION_REQUEST_TTL_SECONDS * 1000);
    // Requests nobody answered go when the next one comes (an index range; nothing runs while nobody authorizes).
    await this.pool.query('DELETE FROM oauth_authorization_requests WHERE expires_at <= $1', [now]);
    await this.pool.query(
      `INSERT INTO oauth_authorization_requests (id_sha256, client_id, redirect_uri, code_challenge, state, scopes, resource, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        hashOAuthSecret(requestId),
        client.client_id,
        params.redirectUri,
        params.codeChallenge,
        params.state ?? null,
        params.scopes ?? [],
        this.settings.resource.href,
        expiresAt,
      ],
    );
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, `${CONSENT_PATH}?request=${encodeURIComponent(requestId)}`);
  }

  async challengeForAuthorizationCode(client: OAuthClientInformationFull, code: string): Promise<string> {
    const { rows } = await this.pool.query<{ code_challenge: string; grant_id: string }>(
      `SELECT code_challenge, grant_id FROM oauth_tokens
        WHERE token_sha256 = $1 AND kind = 'authorization_code' AND used_at IS NULL AND expires_at > $2`,
      [hashOAuthSecret(code), this.runtime.now()],
    );
    const row = rows[0];
    if (!row) await this.endGrantOfSpent(code, 'authorization_code');
    const grant = row ? await findGrant(this.pool, row.grant_id) : undefined;
    if (!row || !grant || grant.revokedAt || grant.clientId !== client.client_id)
      throw new InvalidGrantError('the authorization code is unknown, used or expired: authorize again');
    return row.code_challenge;
  }

  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    _codeVerifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    const now = this.runtime.now();
    const { rows } = await this.pool.query<{ grant_id: string; redirect_uri: string }>(
      `UPDATE oauth_tokens SET used_at = $2 WHERE token_sha256 = $1 AND kind = 'authorization_code' AND used_at IS NULL AND expires_at > $2
       RETURNING grant_id, redirect_uri`,
      [hashOAuthSecret(code), now],
    );
    const used = rows[0];
    if (!used) {
      await this.endGrantOfSpent(code, 'authorization_code');
      throw new InvalidGrantError('the authorization code is unknown, used or expired: authorize again');
    }
    const grant = await this.usableGrant(used.grant_id, client);
    if (redirectUri !== undefined && redirectUri !== used.redirect_uri)
      throw new InvalidGrantError('redirect_uri differs from the one the code was issued to');
    if (resource && !sameResource(resource, this.settings.resource))
      throw new InvalidTargetError(`this server issues tokens for ${this.settings.resource.href} only`);
    return this.issue(grant);
  }

  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    const now = this.runtime.now();
    const hash = hashOAuthSecret(refreshToken);
    const { rows } = await this.pool.query<{ grant_id: string }>(
      `UPDATE oauth_tokens SET used_at = $2 WHERE token_sha256 = $1 AND kind = 'refresh_token' AND used_at IS NULL AND expires_at > $2
       RETURNING grant_id`,
      [hash, now],
    );
    if (!rows[0]) {
      await this.endGrantOfSpent(refreshToken, 'refresh_token');
      throw new InvalidGrantError('the refresh token is unknown, expired or already used: authorize again');
    }
    const grant = await this.usableGrant(rows[0].grant_id, client);
    if (scopes?.some((scope) => !grant.scopes.includes(scope))) throw new InvalidGrantError('a refresh may not widen the scopes granted');
    if (resource && !sameResource(resource, this.settings.resource))
      throw new InvalidTargetError(`this server issues tokens for ${this.settings.resource.href} only`);
    return this.issue(grant);
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const now = this.runtime.now();
    const claims = await readAccessToken(this.settings, token, now);
    if ('problem' in claims) {
      const why = {
        expired: 'the access token has expired: refresh it',
        wrong_audience: `the access token was not issued for ${this.settings.resource.href}`,
        invalid: 'the access token is not one this server issued',
      }[claims.problem];
      throw new InvalidTokenError(why);
    }
    const grant = await findGrant(this.pool, claims.grantId);
    if (!grant || grant.revokedAt || grant.tenantId !== claims.tenantId) throw new InvalidTokenError('the access token has been revoked');
    if (!(await grantStillValid(this.pool, this.tenants, grant))) {
      await revokeGrant(this.pool, grant.id, now);
      throw new InvalidTokenError('the API key or account that authorized this agent is gone: authorize again');
    }
    // The audit log names both: the person who consented, and the agent acting on it.
    const principal: McpPrincipal = {
      tenantId: grant.tenantId,
      actor: `${grant.actor} via mcp:${grant.clientId}`,
      grantId: grant.id,
      clientId: grant.clientId,
    };
    return {
      token,
      clientId: claims.clientId,
      scopes: claims.scopes,
      expiresAt: claims.expiresAt,
      resource: this.settings.resource,
      extra: { principal },
    };
  }

  async revokeToken(client: OAuthClientInformationFull, request: OAuthTokenRevocationRequest): Promise<void> {
    const now = this.runtime.now();
    const { rows } = await this.pool.query<{ grant_id: string }>('SELECT grant_id FROM oauth_tokens WHERE token_sha256 = $1', [
      hashOAuthSecret(request.token),
    ]);
    let grantId = rows[0]?.grant_id;
    if (!grantId) {
      const claims = await readAccessToken(this.settings, request.token, now);
      if (!('problem' in claims)) grantId = claims.grantId;
    }
    if (!grantId) return;
    const grant = await findGrant(this.pool, grantId);
    if (grant && grant.clientId === client.client_id) await revokeGrant(this.pool, grantId, now);
  }

  /**
   * A code or refresh token presented after it was spent was copied (RFC 6749 §4.1.2, §10.4): end the grant it
   * belongs to, and with it every token it issued, the access tokens of the first use included.
   */
  private async endGrantOfSpent(secret: string, kind: 'authorization_code' | 'refresh_token'): Promise<void> {
    const { rows } = await this.pool.query<{ grant_id: string }>(
      'SELECT grant_id FROM oauth_tokens WHERE token_sha256 = $1 AND kind = $2 AND used_at IS NOT NULL',
      [hashOAuthSecret(secret), kind],
    );
    if (rows[0]) await revokeGrant(this.pool, rows[0].grant_id, this.runtime.now());
  }

  private async usableGrant(grantId: string, client: OAuthClientInformationFull): Promise<Grant> {
    const grant = await findGrant(this.pool, grantId);
    if (!grant || grant.revokedAt) throw new InvalidGrantError('this authorization has been revoked: authorize again');
    if (grant.clientId !== client.client_id) throw new InvalidGrantError('the code or token was issued to another client');
    if (!(await grantStillValid(this.pool, this.tenants, grant))) {
      await revokeGrant(this.pool, grant.id, this.runtime.now());
      throw new InvalidGrantError('the API key or account that authorized this agent is gone: authorize again');
    }
    return grant;
  }

  private async issue(grant: Grant): Promise<OAuthTokens> {
    const now = this.runtime.now();
    const access = await signAccessToken(
      this.settings,
      { grantId: grant.id, tenantId: grant.tenantId, clientId: grant.clientId, scopes: grant.scopes },
      now,
    );
    const refreshToken = newOAuthSecret(this.runtime, 'whr_');
    // This grant's spent codes and expired refresh tokens go as it gets new ones (used refresh tokens stay until
    // they expire: presenting one again must still be recognised as theft).
    await this.pool.query('DELETE FROM oauth_tokens WHERE grant_id = $1 AND expires_at <= $2', [grant.id, now]);
    await this.pool.query(`INSERT INTO oauth_tokens (token_sha256, grant_id, kind, expires_at) VALUES ($1, $2, 'refresh_token', $3)`, [
      hashOAuthSecret(refreshToken),
      grant.id,
      new Date(now.getTime() + this.settings.refreshTokenTtlSeconds * 1000),
    ]);
    return {
      access_token: access.token,
      token_type: 'Bearer',
      expires_in: this.settings.accessTokenTtlSeconds,
      refresh_token: refreshToken,
      scope: grant.scopes.join(' '),
    };
  }
}
