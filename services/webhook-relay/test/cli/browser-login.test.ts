import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startSignInCli, type CliHarness, type RunningCli } from '../helpers/cli-runner.js';
import { OidcIssuer } from '../helpers/oidc-issuer.js';
import type { TestContext } from '../helpers/test-app.js';

const CLIENT = { id: 'relay-cli-test', secret: 'test-client-secret' };

describe('webhook-relay CLI: browser sign-in (OpenID Connect, PKCE) against a local issuer', () => {
  let context: TestContext;
  let issuer: OidcIssuer;
  let cli: CliHarness;
  let run = 0;

  beforeAll(async () => {
    issuer = await OidcIssuer.start({ clientId: CLIENT.id, clientSecret: CLIENT.secret, now: () => context.runtime.now() });
    ({ context, cli } = await startSignInCli(
      JSON.stringify([{ id: 'local', name: 'Local OIDC', issuer: issuer.url, client_id: CLIENT.id, client_secret: CLIENT.secret }]),
    ));
  });
  afterAll(async () => {
    await cli.close();
    await issuer.close();
    await context.close();
  });

  /** `login --no-browser` in a config directory of its own; answers the sign-in URL it printed. */
  async function startLogin(): Promise<{ login: RunningCli; url: string; configDir: string }> {
    const configDir = join(cli.configDir, `login-${(run += 1)}`);
    const login = cli.spawn(['login', '--no-browser'], { env: { WEBHOOK_RELAY_CONFIG_DIR: configDir } });
    const url = (await login.waitForLine(/\/auth\/cli\/start\?/, { stream: 'stderr' })).trim();
    return { login, url, configDir };
  }

  /** The browser: follows every redirect, relay -> issuer -> relay -> the CLI's loopback server. */
  const browse = (url: string) => fetch(url, { redirect: 'follow' });

  it('creates a free account on the first sign-in and stores its new API key (0600) for the CLI', async () => {
    const { login, url, configDir } = await startLogin();
    expect(new URL(url).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const page = await browse(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You are signed in to webhook-relay');
    const result = await login.exited;
    expect(result).toMatchObject({
      code: 0,
      stdout: `Signed in to ${cli.apiUrl}. The API key is stored in ${join(configDir, 'credentials.json')} (readable by you only).\n`,
    });

    const file = join(configDir, 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const { api_key: key } = JSON.parse(await readFile(file, 'utf8'));
    expect(key).toMatch(/^whk_/);
    expect(result.stdout + result.stderr).not.toContain(key);

    const { rows } = await context.ownerPool.query(
      'SELECT u.email, u.display_name, u.identity_issuer, t.plan_id FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.identity_subject = $1',
      ['user-1'],
    );
    expect(rows).toEqual([{ email: 'ada@example.com', display_name: 'Ada', identity_issuer: issuer.url, plan_id: 'free' }]);
    expect(issuer.tokenRequests.at(-1)!.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const list = await cli.run(['endpoints', 'list'], { env: { WEBHOOK_RELAY_CONFIG_DIR: configDir } });
    expect(list).toMatchObject({ code: 0, stdout: expect.stringContaining('No endpoints yet') });
    const audit = await context.ownerPool.query<{ action: string }>(
      'SELECT action FROM audit_entries a JOIN users u ON u.tenant_id = a.tenant_id WHERE u.identity_subject = $1 ORDER BY seq',
      ['user-1'],
    );
    expect(audit.rows.map((row) => row.action)).toEqual(['tenant.signed_up', 'api_key.created']);
  });

  it('signs a returning user in to the same account with a new key', async () => {
    const { login, url } = await startLogin();
    await browse(url);
    expect((await login.exited).code).toBe(0);
    const { rows } = await context.ownerPool.query<{ tenants: string; keys: string }>(
      'SELECT count(DISTINCT u.tenant_id) AS tenants, (SELECT count(*) FROM api_keys k WHERE k.tenant_id = min(u.tenant_id::text)::uuid) AS keys FROM users u WHERE u.identity_subject = $1',
      ['user-1'],
    );
    expect(rows[0]).toEqual({ tenants: '1', keys: '2' });
  });

  it('the loopback server turns away a callback with another state, then accepts exactly one valid one and closes', async () => {
    issuer.user = { sub: 'user-2', email: 'grace@example.com' };
    const { login, url } = await startLogin();
    const redirectUri = new URL(url).searchParams.get('redirect_uri')!;
    const forged = await fetch(`${redirectUri}?state=forged-state-000000000000&key=whk_forged`);
    expect(forged.status).toBe(400);
    expect(login.child.exitCode).toBeNull();
    expect((await browse(url)).status).toBe(200);
    expect((await login.exited).code).toBe(0);
    await expect(fetch(`${redirectUri}?state=whatever`)).rejects.toThrow();
  });

  it.each([
    ['another audience', { audience: 'someone-else' }, /the ID token was refused: unexpected "aud" claim value/],
    ['another nonce', { nonce: 'replayed-nonce' }, /nonce does not match/],
  ])('refuses an ID token for %s; the CLI fails with the reason and stores nothing', async (_what, tamper, reason) => {
    issuer.tamper = tamper;
    try {
      const { login, url, configDir } = await startLogin();
      const page = await browse(url);
      expect(page.status).toBe(400);
      const result = await login.exited;
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(reason);
      await expect(stat(join(configDir, 'credentials.json'))).rejects.toThrow();
    } finally {
      issuer.tamper = {};
    }
  });

  it('hands keys to loopback redirect targets only', async () => {
    const state = 'a'.repeat(32);
    for (const target of [
      'https://evil.example/callback',
      'http://evil.example:8080/callback',
      'http://127.0.0.1/callback',
      'http://127.0.0.1.evil.example:80/cb',
    ]) {
      const response = await fetch(`${cli.apiUrl}/auth/cli/start?redirect_uri=${encodeURIComponent(target)}&state=${state}`, {
        redirect: 'manual',
      });
      expect({ target, status: response.status, body: await response.json() }).toEqual({
        target,
        status: 400,
        body: { error: { code: 'invalid_request', message: expect.stringContaining('redirect_uri must be a loopback URL') } },
      });
    }
    const unknown = await fetch(
      `${cli.apiUrl}/auth/cli/start?redirect_uri=${encodeURIComponent('http://127.0.0.1:5000/cb')}&state=${state}&provider=nope`,
      { redirect: 'manual' },
    );
    expect(unknown.status).toBe(400);
  });

  it('a callback works once: its state cannot be used again', async () => {
    const start = await fetch(
      `${cli.apiUrl}/auth/cli/start?redirect_uri=${encodeURIComponent('http://127.0.0.1:5000/cb')}&state=${'b'.repeat(32)}`,
      { redirect: 'manual' },
    );
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(issuer.url);
    expect(
      Object.fromEntries(
        ['response_type', 'client_id', 'code_challenge_method', 'scope'].map((name) => [name, authorize.searchParams.get(name)]),
      ),
    ).toEqual({
      response_type: 'code',
      client_id: CLIENT.id,
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    const callback = (await fetch(authorize, { redirect: 'manual' })).headers.get('location')!;
    const first = await fetch(callback, { redirect: 'manual' });
    expect(first.status).toBe(302);
    const toCli = new URL(first.headers.get('location')!);
    expect([toCli.origin + toCli.pathname, toCli.searchParams.get('state'), toCli.searchParams.get('key')]).toEqual([
      'http://127.0.0.1:5000/cb',
      'b'.repeat(32),
      expect.stringMatching(/^whk_/),
    ]);
    const again = await fetch(callback, { redirect: 'manual' });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/expired or was already used/);
  });
});
