// Dashboard sign-in through an identity provider (a local OpenID Connect issuer, PKCE), the same flow the CLI uses,
// driven as a browser would with manual redirects and a cookie jar: the session opens only in the browser that
// started the sign-in, no API key is minted for it, and it acts for the user's tenant.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseIdentityProviders } from '../../src/sign-in/identity-providers.js';
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

/** One browser: a cookie jar, and redirects followed by hand so each hop can be checked. */
class Browser {
  readonly cookies = new Map<string, string>();
  async get(url: string): Promise<Response> {
    const host = new URL(url).origin;
    const cookie = host === base ? [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') : '';
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    if (host === base)
      for (const line of response.headers.getSetCookie()) {
        const [pair, ...attributes] = line.split(';');
        const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
        if (attributes.some((attribute) => /expires=Thu, 01 Jan 1970/i.test(attribute))) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    return response;
  }
  /** Follows redirects from `url` and answers the last response (the one that is not a redirect, or leaves the relay's page). */
  async follow(url: string, stopAt: (location: string) => boolean = () => false): Promise<{ response: Response; location: string }> {
    let next = url;
    for (let hop = 0; hop < 10; hop++) {
      const response = await this.get(next);
      const location = response.headers.get('location');
      if (!location) return { response, location: next };
      next = new URL(location, next).toString();
      if (stopAt(next)) return { response, location: next };
    }
    throw new Error('too many redirects');
  }
}

describe('dashboard sign-in with an identity provider', () => {
  it('lists the configured providers on GET /auth/session', async () => {
    const session = await (await fetch(`${base}/auth/session`)).json();
    expect(session).toMatchObject({ signed_in: false, sign_in_providers: [{ id: 'local', name: 'Local OIDC' }] });
  });

  it('opens a session for the user, in the browser that started it, without minting an API key', async () => {
    const browser = new Browser();
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
    const browser = new Browser();
    await browser.follow(`${base}/auth/dashboard/start?provider=local`, (url) => url.startsWith(`${base}/dashboard/`));
    expect((await browser.get(`${base}/v1/endpoints`)).status).toBe(200);
    await context.ownerPool.query('DELETE FROM users WHERE identity_subject = $1', ['user-gone']);
    const refused = await browser.get(`${base}/v1/endpoints`);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/no longer exists/);
    issuer.user = { sub: 'user-1', email: 'ada@example.com', name: 'Ada' };
  });

  it('refuses to open the session in another browser than the one that started the sign-in', async () => {
    const starter = new Browser();
    const { location: atIssuer } = await starter.follow(`${base}/auth/dashboard/start?provider=local`, (url) => url.startsWith(issuer.url));
    const { location: callback } = await starter.follow(atIssuer, (url) => url.startsWith(`${base}/auth/callback`));
    const other = new Browser();
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
