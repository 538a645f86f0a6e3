import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/** A free local port, so the relay's public URL (the OAuth issuer and MCP resource) is known before the app is built. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The agent's side of OAuth as the SDK drives it, with a scripted person: when the SDK sends the browser to
 * authorize, this follows the redirect to the consent page, signs in there with an API key and answers
 * (allow or deny); the code the redirect carries back is kept for finishAuth.
 */
export class ScriptedAgentAuth implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  code: string | undefined;
  denied: string | undefined;
  consentPages: string[] = [];

  constructor(
    private readonly apiKey: string,
    private readonly decision: 'allow' | 'deny' = 'allow',
  ) {}

  get redirectUrl() {
    return 'http://127.0.0.1:9/callback';
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'test agent',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const toConsent = await fetch(authorizationUrl, { redirect: 'manual' });
    if (toConsent.status !== 302) throw new Error(`authorize answered ${toConsent.status}: ${await toConsent.text()}`);
    const consentUrl = new URL(toConsent.headers.get('location')!, authorizationUrl);
    const page = await fetch(consentUrl);
    this.consentPages.push(await page.text());
    const answer = await fetch(new URL('/oauth/consent', consentUrl), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: consentUrl.origin },
      body: new URLSearchParams({ request: consentUrl.searchParams.get('request')!, api_key: this.apiKey, decision: this.decision }),
    });
    if (answer.status !== 302) throw new Error(`consent answered ${answer.status}: ${await answer.text()}`);
    const back = new URL(answer.headers.get('location')!);
    this.code = back.searchParams.get('code') ?? undefined;
    this.denied = back.searchParams.get('error') ?? undefined;
  }
}

/** An SDK client connected to the relay's /mcp, authorized through the scripted consent. */
export async function connectAgent(mcpUrl: string, auth: ScriptedAgentAuth): Promise<Client> {
  const first = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: auth });
  const client = new Client({ name: 'relay-test-agent', version: '1.0.0' });
  try {
    await client.connect(first);
    return client;
  } catch (error) {
    if (!(error instanceof UnauthorizedError) || !auth.code) throw error;
  }
  await first.finishAuth(auth.code);
  const second = new Client({ name: 'relay-test-agent', version: '1.0.0' });
  await second.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: auth }));
  return second;
}

/** A tool's structured result, or the refusal it returned. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  return result as { isError?: boolean; structuredContent?: Record<string, unknown>; content: Array<{ type: string; text?: string }> };
}

/**
 * An agent's grant as the consent page leaves it, written as the owner: for tests of what a person does with agents
 * (list, revoke). test/mcp drives the consent itself through the SDK's client.
 */
export async function insertAgentGrant(
  context: { ownerPool: { query: (text: string, values: unknown[]) => Promise<unknown> }; deps: { runtime: { newId(): string } } },
  tenantId: string,
  clientName: string,
  clientId: string = randomUUID(),
): Promise<string> {
  const grantId = context.deps.runtime.newId();
  await context.ownerPool.query('INSERT INTO oauth_clients (client_id, metadata, created_at) VALUES ($1, $2, now())', [
    clientId,
    JSON.stringify({ client_name: clientName, redirect_uris: ['http://127.0.0.1:9/callback'] }),
  ]);
  await context.ownerPool.query(
    `INSERT INTO oauth_grants (id, tenant_id, client_id, actor, scopes, resource, created_at)
     VALUES ($1, $2, $3, 'api_key:test', '{relay}', 'http://127.0.0.1/mcp', now())`,
    [grantId, tenantId, clientId],
  );
  return grantId;
}
