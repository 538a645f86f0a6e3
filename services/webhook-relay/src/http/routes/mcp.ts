import express, { type Express, type RequestHandler } from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Deps } from '../../deps.js';
import type { McpSettings } from '../../mcp/mcp-settings.js';
import type { McpPrincipal, RelayOAuthProvider } from '../../mcp/oauth/relay-oauth-provider.js';
import { createRelayMcpServer } from '../../mcp/relay-mcp-server.js';
import type { PrincipalWatch } from '../principal-watch.js';
import { resourceMetadataUrl } from './oauth.js';

export const MCP_PATH = '/mcp';
const MAX_MCP_BODY = '256kb';

const AUTHORIZATION_ENDED = 'the agent has been revoked, or its key, user or tenant is gone';

const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

/**
 * The remote MCP server: Streamable HTTP, stateless (a new server and transport per POST; GET and DELETE 405),
 * JSON responses. Every request needs an access token for this resource; Host and Origin are checked first
 * (DNS rebinding, other sites' pages).
 */
export function registerMcpRoutes(
  app: Express,
  deps: Deps,
  settings: McpSettings,
  provider: RelayOAuthProvider,
  principals?: PrincipalWatch,
): void {
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: resourceMetadataUrl(settings.oauth),
    expectedResource: settings.oauth.resource,
  });
  const principalOf = (authInfo: unknown) => (authInfo as { extra: { principal: McpPrincipal } }).extra.principal;

  app.post(MCP_PATH, hostAndOrigin(settings), bearer, express.json({ limit: MAX_MCP_BODY }), async (req, res) => {
    const server = createRelayMcpServer(deps, principalOf);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const close = () => {
      void transport.close();
      void server.close();
    };
    // A waiting triggers.wait read its token once: it ends (401, as the next call would get) once the agent is revoked
    // or its tenant deleted, rather than wait out wait_seconds (docs/dashboard.md, "When the principal ends").
    const stopWatching = principals?.watch(principalOf(req.auth), () => {
      if (!res.headersSent) {
        res.setHeader('WWW-Authenticate', `Bearer error="invalid_token", error_description="${AUTHORIZATION_ENDED}"`);
        res.status(401).json({ error: 'invalid_token', error_description: AUTHORIZATION_ENDED });
      }
      close();
    });
    res.on('close', () => {
      stopWatching?.();
      close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      deps.logger.error({ err: error }, 'the MCP request failed');
      if (!res.headersSent) res.status(500).json(jsonRpcError(-32603, 'internal error'));
    }
  });
  const notAllowed: RequestHandler = (_req, res) => {
    res.setHeader('Allow', 'POST');
    res.status(405).json(jsonRpcError(-32000, 'this MCP server is stateless: POST only (no SSE stream, no session to end)'));
  };
  app.get(MCP_PATH, hostAndOrigin(settings), notAllowed);
  app.delete(MCP_PATH, hostAndOrigin(settings), notAllowed);
}

/** Refuses a Host this server is not reached by (DNS rebinding) and an Origin of another site. */
function hostAndOrigin(settings: McpSettings): RequestHandler {
  const hosts = new Set(settings.allowedHosts.map((host) => host.toLowerCase()));
  const origins = new Set(settings.allowedOrigins);
  return (req, res, next) => {
    const host = (req.host ?? '').toLowerCase();
    if (!hosts.has(host)) {
      res
        .status(403)
        .json(jsonRpcError(-32000, `Host ${host || '(none)'} is not this MCP server's: set RELAY_PUBLIC_URL or RELAY_MCP_ALLOWED_HOSTS`));
      return;
    }
    const origin = req.get('origin');
    if (origin !== undefined && !origins.has(origin)) {
      res.status(403).json(jsonRpcError(-32000, `Origin ${origin} may not call this MCP server: add it to RELAY_MCP_ALLOWED_ORIGINS`));
      return;
    }
    next();
  };
}
