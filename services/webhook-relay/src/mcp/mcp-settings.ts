import type { OAuthSettings } from './oauth/oauth-settings.js';

/** The MCP server's settings, from config at boot (absent from Deps: /mcp and /oauth answer 404). */
export interface McpSettings {
  oauth: OAuthSettings;
  /** Host headers /mcp answers (DNS rebinding): the public URL's host, and RELAY_MCP_ALLOWED_HOSTS. */
  allowedHosts: string[];
  /** Origins a browser-based agent may call /mcp from: the public URL's, and RELAY_MCP_ALLOWED_ORIGINS. */
  allowedOrigins: string[];
}

export function mcpSettings(oauth: OAuthSettings, extraHosts: string[], extraOrigins: string[]): McpSettings {
  const hosts = new Set([oauth.issuer.host, ...extraHosts]);
  // The default public URL is 127.0.0.1: the same port on localhost is the same machine.
  if (oauth.issuer.hostname === '127.0.0.1') hosts.add(`localhost${oauth.issuer.port ? `:${oauth.issuer.port}` : ''}`);
  return { oauth, allowedHosts: [...hosts], allowedOrigins: [oauth.issuer.origin, ...extraOrigins] };
}
