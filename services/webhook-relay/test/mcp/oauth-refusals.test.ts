// Issue 41, item 5: the authorization server refuses what would make it an open redirector, a replayed code, or a
// PKCE challenge that is not one, without ever sending the browser to a client's site before a person decided.
import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { systemRuntime } from '../../src/domain/runtime.js';
import { freePort } from '../helpers/mcp-agent.js';
import { createTestContext, testMcpSettings, type TestContext, type TestTenant } from '../helpers/test-app.js';

const LOOPBACK = 'http://127.0.0.1:9/callback';
const FOREIGN = 'https://phish.example/landing';

let context: TestContext;
let tenant: TestTenant;
let server: Server;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  // The system clock: the SDK's bearer check compares a token's expiry with the real time.
  context = await createTestContext({ mcp: testMcpSettings(base), runtime: systemRuntime });
  tenant = await context.newTenant();
  server = context.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  server.close();
  await context.close();
});

const register = (metadata: Record<string, unknown>) =>
  fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'agent', token_endpoint_auth_method: 'none', ...metadata }),
  });

async function registeredClient(redirectUri: string): Promise<string> {
  const response = await register({ redirect_uris: [redirectUri] });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function authorize(params: Record<string, string | undefined>) {
  const url = new URL(`${base}/oauth/authorize`);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return fetch(url, { redirect: 'manual' });
}

const validAuthorization = (clientId: string, redirectUri: string, verifier = randomBytes(32).toString('base64url')) => ({
  response_type: 'code',
  client_id: clientId,
  redirect_uri: redirectUri,
  code_challenge: challengeOf(verifier),
  code_challenge_method: 'S256',
  state: 'agent-state',
});

describe('authorization errors stay on the relay', () => {
  it.each([
    ['an unsupported response_type', { response_type: 'token' }, 'unsupported_response_type'],
    ['no code_challenge', { code_challenge: undefined }, 'invalid_request'],
    ['a plain PKCE method', { code_challenge_method: 'plain' }, 'invalid_request'],
    ['a resource that is not the MCP server', { resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
    ['a NUL in state', { state: 'a\u0000b' }, 'invalid_request'],
  ])(
    'answers %s for a client with an arbitrary https redirect on the relay, with no redirect to that site',
    async (_case, change, code) => {
      const clientId = await registeredClient(FOREIGN);
      const response = await authorize({ ...validAuthorization(clientId, FOREIGN), ...change });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(((await response.json()) as { error: string }).error).toBe(code);
    },
  );

  it('still sends a valid request for that client to the consent page, where a person decides', async () => {
    const clientId = await registeredClient(FOREIGN);
    const response = await authorize(validAuthorization(clientId, FOREIGN));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(/^\/oauth\/consent\?request=/);
  });

  it.each([
    ['plain http to a host that is not loopback', 'http://phish.example/landing'],
    ['a fragment', 'https://agent.example/callback#frag'],
    ['a file URL', 'file:///etc/passwd'],
  ])('refuses to register a redirect URI with %s', async (_case, redirectUri) => {
    const response = await register({ redirect_uris: [redirectUri] });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; error_description: string };
    expect(body).toEqual({ error: 'invalid_redirect_uri', error_description: expect.stringContaining('redirect_uris') });
  });
});

describe('PKCE challenges', () => {
  it.each([
    ['empty', ''],
    ['short', 'abc'],
    ['42 characters', 'a'.repeat(42)],
    ['44 characters', 'a'.repeat(44)],
    ['not base64url', `${'a'.repeat(42)}+`],
  ])('refuses an %s S256 code_challenge with 400 invalid_request naming it', async (_case, challenge) => {
    const clientId = await registeredClient(LOOPBACK);
    const response = await authorize({ ...validAuthorization(clientId, LOOPBACK), code_challenge: challenge });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.stringContaining('code_challenge') });
  });
});

describe('an authorization code redeemed twice', () => {
  const mcpStatus = async (accessToken: string) =>
    (
      await fetch(`${base}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
    ).status;

  it('revokes the tokens the first redemption issued', async () => {
    const clientId = await registeredClient(LOOPBACK);
    const verifier = randomBytes(32).toString('base64url');
    const toConsent = await authorize(validAuthorization(clientId, LOOPBACK, verifier));
    const consentUrl = new URL(toConsent.headers.get('location')!, base);
    const allowed = await fetch(`${base}/oauth/consent`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ request: consentUrl.searchParams.get('request')!, api_key: tenant.apiKey, decision: 'allow' }),
    });
    const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;
    const redeem = () =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          client_id: clientId,
          redirect_uri: LOOPBACK,
        }),
      });
    const first = await redeem();
    expect(first.status).toBe(200);
    const tokens = (await first.json()) as { access_token: string; refresh_token: string };
    expect(await mcpStatus(tokens.access_token)).toBe(200);

    const second = await redeem();
    expect(second.status).toBe(400);
    expect(((await second.json()) as { error: string }).error).toBe('invalid_grant');
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    const refreshed = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId }),
    });
    expect(refreshed.status).toBe(400);
  });
});
