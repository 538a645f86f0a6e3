import { timingSafeEqual } from 'node:crypto';
import express, { type Express, type RequestHandler } from 'express';
import { authorizationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/authorize.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { clientRegistrationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/register.js';
import { revocationHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/revoke.js';
import { tokenHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/token.js';
import type { OAuthMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Deps } from '../../deps.js';
import { checkAuthorizationRequest } from '../../mcp/oauth/authorization-request-check.js';
import { checkClientRegistration } from '../../mcp/oauth/client-registration-check.js';
import type { PgClientsStore } from '../../mcp/oauth/client-store.js';
import { hashOAuthSecret } from '../../mcp/oauth/oauth-secrets.js';
import { issuerId, MCP_SCOPE, type OAuthSettings } from '../../mcp/oauth/oauth-settings.js';
import type { RelayOAuthProvider } from '../../mcp/oauth/relay-oauth-provider.js';

export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

export function authorizationServerMetadata(settings: OAuthSettings): OAuthMetadata {
  const at = (path: string) => new URL(path, settings.issuer).href;
  return {
    issuer: issuerId(settings),
    authorization_endpoint: at('oauth/authorize'),
    token_endpoint: at('oauth/token'),
    registration_endpoint: at('oauth/register'),
    revocation_endpoint: at('oauth/revoke'),
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    revocation_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
    scopes_supported: [MCP_SCOPE],
    service_documentation: 'https://github.com/webhook-relay/webhook-relay/blob/main/services/webhook-relay/docs/mcp.md',
  };
}

export function protectedResourceMetadata(settings: OAuthSettings): OAuthProtectedResourceMetadata {
  return {
    resource: settings.resource.href,
    authorization_servers: [issuerId(settings)],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'webhook-relay MCP server',
  };
}

/** Where the 401 challenge of /mcp points clients (RFC 9728, path-specific form). */
export const resourceMetadataUrl = (settings: OAuthSettings) =>
  new URL(`${PROTECTED_RESOURCE_METADATA_PATH}${settings.resource.pathname}`, settings.issuer).href;

/**
 * The authorization server (RFC 8414 metadata, RFC 7591 registration, authorization code with PKCE, refresh,
 * RFC 7009 revocation) and the MCP resource's metadata (RFC 9728), both at the root and path-specific.
 * The SDK's handlers do the protocol; RelayOAuthProvider decides.
 */
export function registerOAuthRoutes(
  app: Express,
  deps: Deps,
  provider: RelayOAuthProvider,
  clients: PgClientsStore,
  settings: OAuthSettings,
): void {
  const resourceMetadata = metadataHandler(protectedResourceMetadata(settings));
  const secretCheck = checkClientSecret(clients, () => deps.runtime.now());
  serve(app, ['get'], '/.well-known/oauth-authorization-server', metadataHandler(authorizationServerMetadata(settings)));
  serve(app, ['get'], `${PROTECTED_RESOURCE_METADATA_PATH}${settings.resource.pathname}`, resourceMetadata);
  serve(app, ['get'], PROTECTED_RESOURCE_METADATA_PATH, resourceMetadata);
  serve(app, ['get', 'post'], '/oauth/authorize', authorizationHandler({ provider }), checkAuthorizationRequest(clients, settings));
  serve(app, ['post'], '/oauth/token', tokenHandler({ provider }), secretCheck);
  serve(app, ['post'], '/oauth/register', clientRegistrationHandler({ clientsStore: clients }), checkClientRegistration());
  serve(app, ['post'], '/oauth/revoke', revocationHandler({ provider }), secretCheck);
}

/**
 * One of the SDK's handlers (a router answering at its own root) at exactly these methods and path, plus its CORS
 * preflight: the app's route table then lists every OAuth route as the OpenAPI document does.
 */
function serve(app: Express, methods: Array<'get' | 'post'>, path: string, handler: RequestHandler, before?: RequestHandler): void {
  const atRoot: RequestHandler = (req, res, next) => {
    const url = req.url;
    req.url = `/${url.includes('?') ? url.slice(url.indexOf('?')) : ''}`;
    handler(req, res, (error?: unknown) => {
      req.url = url;
      next(error);
    });
  };
  const chain = before ? [before, atRoot] : [atRoot];
  for (const method of methods) app[method](path, ...chain);
  app.options(path, atRoot);
}

/**
 * Confidential clients prove their secret here, against the stored SHA-256 (the SDK's own check compares the
 * secret in clear, which we do not keep: the store hands the SDK every client without one).
 */
function checkClientSecret(clients: PgClientsStore, now: () => Date): RequestHandler {
  const form = express.urlencoded({ extended: false, limit: '16kb' });
  const refuse = (res: express.Response, description: string) =>
    res.status(401).setHeader('Cache-Control', 'no-store').json({ error: 'invalid_client', error_description: description });
  return (req, res, next) =>
    form(req, res, async (error?: unknown) => {
      if (error) return next(error);
      try {
        const clientId = typeof req.body?.client_id === 'string' ? req.body.client_id : undefined;
        if (!clientId) return next();
        const client = await clients.find(clientId);
        if (!client?.secretSha256) return next();
        const secret = typeof req.body.client_secret === 'string' ? req.body.client_secret : '';
        if (!secret) return refuse(res, 'this client was registered with a secret: send client_secret');
        const given = hashOAuthSecret(secret);
        if (!timingSafeEqual(given, client.secretSha256)) return refuse(res, 'client_secret is wrong');
        if (client.secretExpiresAt && client.secretExpiresAt <= now()) return refuse(res, 'the client secret has expired: register again');
        next();
      } catch (failure) {
        next(failure);
      }
    });
}
