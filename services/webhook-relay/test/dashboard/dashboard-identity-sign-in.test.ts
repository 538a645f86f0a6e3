// Dashboard sign-in through an identity provider (a local OpenID Connect issuer, PKCE), the same flow the CLI uses,
// driven as a browser would with manual redirects and a cookie jar: the session opens only in the browser that
// started the sign-in, no API key is minted for it, and it acts for the user's tenant.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseIdentityProviders } from '../../src/sign-in/identity-providers.js';
import { CookieBrowser } from '../helpers/cookie-browser.js';
import { OidcIssuer } from '../helpers/oidc-issuer.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

const CLIENT = { id: 'relay-dashboard-test', secret: 'dashboard-client-secret' };

let context: TestContext;
let issuer: OidcIssuer;
let server: Server;
let base: string;

beforeAll(async () => {
  issuer = await OidcIssuer.start({ clientId: CLIENT.id, clientSecret: CLIENT.secret, now: () => context.runtime.now() });
  const settings = {
    providers: parseIdentityProviders(
      JSON.stringify([{ id: 'local', name: 'Local OIDC', issuer: issuer.url, client_id: CLIENT.id, client_secret: CLIENT.secret }]),
    ),
    publicUrl: 'set once the API listens',
  };
  context = await createTestContext({ signIn: settings });
  server = context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  settings.publicUrl = base;
});
afterAll(async () => {
  server.close();
  await issuer.close();
  await context.close();
});

const newBrowser = () => new CookieBrowser(() => base);

describe('dashboard sign-in with an identity provider', () => {
  it('lists the configured providers on GET /auth/session', async () => {
    const session = await (await fetch(`${base}/auth/session`)).json();
    expect(session).toMatchObject({ signed_in: false, sign_in_providers: [{ id: 'local', name: 'Local OIDC' }] });
  });

  it('opens a session for the user, in the browser that started it, without minting an API key', async () => {
    const browser = newBrowser();
    const { location } = await browser.follow(`${base}/auth/dashboard/start?provider=local`, (url) => url.startsWith(`${base}/dashboard/`));
    expect(location).toBe(`${base}/dashboard/`);
    expect(browser.cookies.has('relay_dashboard')).toBe(true);
    expect(browser.cookies.has('relay_sign_in')).toBe(false);
    const session = (await (await browser.get(`${base}/auth/session`)).json()) as { tenant_id: string };
    expect(session).toMatchObject({ signed_in: true, actor: expect.stringMatching(/^user:/) });
    expect((await browser.get(`${base}/v1/endpoints`)).status).toBe(200);
    const { rows } = await context.ownerPool.query<{ action: string }>(
      'SELECT action FROM audit_entries WHERE tenant_id = $1 ORDER BY seq',
      [session.tenant_id],
    );
    expect(rows.map((row) => row.action)).toEqual(['tenant.signed_up', 'dashboard.signed_in']);
    const keys = await context.ownerPool.query('SELECT 1 FROM api_keys WHERE tenant_id = $1', [session.tenant_id]);
    expect(keys.rowCount).toBe(0);
  });

  it('ends the session when its user is gone (an operator deleted the tenant)', async () => {
    issuer.user = { sub: 'user-gone', email: 'gone@example.com', name: 'Gone' };
    const browser = newBrowser();
    await browser.follow(`${base}/auth/dashboard/start?provider=local`, (url) => url.startsWith(`${base}/dashboard/`));
    expect((await browser.get(`${base}/v1/endpoints`)).status).toBe(200);
    await context.ownerPool.query('DELETE FROM users WHERE identity_subject = $1', ['user-gone']);
    const refused = await browser.get(`${base}/v1/endpoints`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/no longer exists/);
    issuer.user = { sub: 'user-1', email: 'ada@example.com', name: 'Ada' };
  });

  it('refuses to open the session in another browser than the one that started the sign-in', async () => {
    const starter = newBrowser();
    const { location: atIssuer } = await starter.follow(`${base}/auth/dashboard/start?provider=local`, (url) => url.startsWith(issuer.url));
    const { location: callback } = await starter.follow(atIssuer, (url) => url.startsWith(`${base}/auth/callback`));
    const other = newBrowser();
    const answer = await other.get(callback);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(/\/dashboard\/#\/sign-in\?error=.*another%20browser/);
    expect(other.cookies.has('relay_dashboard')).toBe(false);
  });

  it('answers 400 for an unknown provider', async () => {
    const answer = await fetch(`${base}/auth/dashboard/start?provider=nobody`, { redirect: 'manual' });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/provider must be one of local/);
  });
});
