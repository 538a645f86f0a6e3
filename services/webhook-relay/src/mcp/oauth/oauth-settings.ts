import { hkdfSync } from 'node:crypto';

/** The relay's OAuth authorization server and the one resource it issues tokens for: the MCP endpoint. */
export interface OAuthSettings {
  /** The issuer: where browsers and agents reach this API (RELAY_PUBLIC_URL). */
  issuer: URL;
  /** The MCP server's canonical URL (`{issuer}/mcp`): the only audience a token may name (RFC 8707). */
  resource: URL;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Signs access tokens (the first) and verifies them (all: a master key rotation in progress). */
  signingKeys: Uint8Array[];
}

export const MCP_SCOPE = 'relay';
export const AUTHORIZATION_REQUEST_TTL_SECONDS = 10 * 60;
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;

/** Access-token keys derived from the master keys (HKDF), so no extra secret has to be configured. */
export function accessTokenKeysFrom(masterKeys: Buffer[]): Uint8Array[] {
  return masterKeys.map((key) => new Uint8Array(hkdfSync('sha256', key, Buffer.alloc(0), 'webhook-relay mcp access token', 32)));
}

export function oauthSettings(options: {
  publicUrl: string;
  masterKeys: Buffer[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
}): OAuthSettings {
  const issuer = new URL(`${options.publicUrl.replace(/\/+$/, '')}/`);
  return {
    issuer,
    resource: new URL('mcp', issuer),
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds,
    signingKeys: accessTokenKeysFrom(options.masterKeys),
  };
}

/** The issuer as metadata and tokens spell it: without the trailing slash a bare origin URL gets. */
export const issuerId = (settings: OAuthSettings) => settings.issuer.href.replace(/\/$/, '');
