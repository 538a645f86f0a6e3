// The MCP consent page after a browser sign-in through an identity provider (a local OpenID Connect issuer): the
// same sign-in the CLI and the dashboard use returns to the consent page, signed in; allowing there (with the
// session's CSRF token) gives the agent a code it exchanges, with PKCE, for tokens that act as the user.
import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { systemRuntime } from '../../src/domain/runtime.js';
import { parseIdentityProviders } from '../../src/sign-in/identity-providers.js';
import { freePort } from '../helpers/mcp-agent.js';
import { CookieBrowser } from '../helpers/cookie-browser.js';
import { OidcIssuer } from '../helpers/oidc-issuer.js';
import { createTestContext, testMcpSettings, type TestContext } from '../helpers/test-app.js';

const CLIENT = { id: 'relay-consent-test', secret: 'consent-client-secret' };
const REDIRECT = 'http://127.0.0.1:9/callback';

let context: TestContext;
let issuer: OidcIssuer;
let server: Server;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  issuer = await OidcIssuer.start({ clientId: CLIENT.id, clientSecret: CLIENT.secret, now: () => new Date() });
  const providers = parseIdentityProviders(
    JSON.stringify([{ id: 'local', name: 'Local OIDC', issuer: issuer.url, client_id: CLIENT.id, client_secret: CLIENT.secret }]),
  );
  // The system clock: the SDK's bearer check compares a token's expiry with the real time.
  context = await createTestContext({ signIn: { providers, publicUrl: base }, mcp: testMcpSettings(base), runtime: systemRuntime });
  server = context.app.listen(port, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  server.close();
  await issuer.close();
  await context.close();
});

const newBrowser = () => new CookieBrowser(() => base);

async function registerAgent(): Promise<string> {
  const response = await fetch(`${base}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Inbox agent', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

function authorizeUrl(clientId: string, verifier: string): string {
  const url = new URL(`${base}/oauth/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', REDIRECT);
  url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', 'agent-state');
  url.searchParams.set('resource', `${base}/mcp`);
  return url.toString();
}

const hidden = (page: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1];

describe('the MCP consent page with an identity provider', () => {
  it('signs the person in through the provider, back to the consent page, and lets the agent act as that user', async () => {
    const clientId = await registerAgent();
    const verifier = randomBytes(32).toString('base64url');
    const browser = newBrowser();
    const { location: consentUrl } = await browser.follow(authorizeUrl(clientId, verifier), (url) =>
      url.startsWith(`${base}/oauth/consent`),
    );
    const signedOut = await (await browser.get(consentUrl)).text();
    expect(signedOut).toContain('Allow Inbox agent to use webhook-relay?');
    const link = /href="(\/auth\/dashboard\/start\?[^"]+)"/.exec(signedOut)![1]!.replaceAll('&amp;', '&');
    const { location: back } = await browser.follow(`${base}${link}`, (url) => url.startsWith(`${base}/oauth/consent`));
    expect(back).toBe(consentUrl);
    const signedIn = await (await browser.get(consentUrl)).text();
    expect(signedIn).toMatch(/Signed in as <strong>user:/);
    const form = (csrf: string) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ request: hidden(signedIn, 'request')!, csrf, decision: 'allow' }),
    });
    expect((await browser.get(`${base}/oauth/consent`, form('not-the-token'))).status).toBe(403);
    const allowed = await browser.get(`${base}/oauth/consent`, form(hidden(signedIn, 'csrf')!));
    expect(allowed.status).toBe(302);
    const redirect = new URL(allowed.headers.get('location')!);
    expect(redirect.searchParams.get('state')).toBe('agent-state');
    expect(redirect.searchParams.get('iss')).toBe(base);
    const tokens = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: redirect.searchParams.get('code')!,
        code_verifier: verifier,
        client_id: clientId,
        redirect_uri: REDIRECT,
        resource: `${base}/mcp`,
      }),
    });
    expect(tokens.status).toBe(200);
    const { access_token: accessToken } = (await tokens.json()) as { access_token: string };
    const tools = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect({ status: tools.status, why: tools.headers.get('www-authenticate') }).toEqual({ status: 200, why: null });
    const { rows } = await context.ownerPool.query<{ actor: string }>("SELECT actor FROM audit_entries WHERE action = 'mcp.authorized'");
    expect(rows.map((row) => row.actor)).toEqual([expect.stringMatching(/^user:/)]);
  });

  it('refuses a code exchanged with the wrong PKCE verifier, and a code used twice', async () => {
    const clientId = await registerAgent();
    const verifier = randomBytes(32).toString('base64url');
    const browser = newBrowser();
    const { location: consentUrl } = await browser.follow(authorizeUrl(clientId, verifier), (url) =>
      url.startsWith(`${base}/oauth/consent`),
    );
    const page = await (await browser.get(consentUrl)).text();
    const key = await context.newTenant();
    const answer = await browser.get(`${base}/oauth/consent`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
      body: new URLSearchParams({ request: hidden(page, 'request')!, api_key: key.apiKey, decision: 'allow' }),
    });
    const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
    const exchange = (codeVerifier: string) =>
      fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, code_verifier: codeVerifier, client_id: clientId }),
      });
    expect((await exchange(randomBytes(32).toString('base64url'))).status).toBe(400);
    expect((await exchange(verifier)).status).toBe(200);
    expect((await exchange(verifier)).status).toBe(400);
  });
});
