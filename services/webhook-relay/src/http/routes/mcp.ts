import express, { type Express, type RequestHandler } from 'express';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Deps } from '../../deps.js';
import type { McpSettings } from '../../mcp/mcp-settings.js';
import type { McpPrincipal, RelayOAuthProvider } from '../../mcp/oauth/relay-oauth-provider.js';
import { createRelayMcpServer } from '../../mcp/relay-mcp-server.js';
import { resourceMetadataUrl } from './oauth.js';

export const MCP_PATH = '/mcp';
const MAX_MCP_BODY = '256kb';

const jsonRpcError = (code: number, message: string) => ({ jsonrpc: '2.0', error: { code, message }, id: null });

/**
 * The remote MCP server: Streamable HTTP, stateless (a new server and transport per POST; GET and DELETE 405),
 * JSON responses. Every request needs an access token for this resource; Host and Origin are checked first
 * (DNS rebinding, other sites' pages).
 */
export function registerMcpRoutes(app: Express, deps: Deps, settings: McpSettings, provider: RelayOAuthProvider): void {
  const bearer = requireBearerAuth({
    verifier: provider,
    resourceMetadataUrl: resourceMetadataUrl(settings.oauth),
    expectedResource: settings.oauth.resource,
  });
  const principalOf = (authInfo: unknown) => (authInfo as { extra: { principal: McpPrincipal } }).extra.principal;

  app.post(MCP_PATH, hostAndOrigin(settings), bearer, express.json({ limit: MAX_MCP_BODY }), async (req, res) => {
    const server = createRelayMcpServer(deps, principalOf);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
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
