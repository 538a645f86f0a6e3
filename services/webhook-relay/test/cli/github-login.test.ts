import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startSignInCli, type CliHarness } from '../helpers/cli-runner.js';
import { FakeGitHub } from '../helpers/fake-github.js';
import type { TestContext } from '../helpers/test-app.js';

const CLIENT = { id: 'Iv1.relaytest', secret: 'github-test-secret' };

describe('webhook-relay CLI: browser sign-in with a GitHub OAuth app (OAuth 2.0, PKCE, the user from the REST API)', () => {
  let context: TestContext;
  let github: FakeGitHub;
  let cli: CliHarness;

  beforeAll(async () => {
    github = await FakeGitHub.start(CLIENT, { id: 583231, login: 'octocat', name: 'The Octocat', email: null });
    ({ context, cli } = await startSignInCli(
      JSON.stringify([
        { id: 'github', type: 'github', client_id: CLIENT.id, client_secret: CLIENT.secret, base_url: github.url, api_url: github.url },
      ]),
    ));
  });
  afterAll(async () => {
    await cli.close();
    await github.close();
    await context.close();
  });

  it('creates a free account keyed by the numeric GitHub user id and hands its key to the CLI', async () => {
    const configDir = join(cli.configDir, 'github-login');
    const login = cli.spawn(['login', '--no-browser'], { env: { WEBHOOK_RELAY_CONFIG_DIR: configDir } });
    const url = (await login.waitForLine(/\/auth\/cli\/start\?/, { stream: 'stderr' })).trim();
    // The browser: relay -> GitHub -> relay callback -> the CLI's loopback server.
    const page = await fetch(url, { redirect: 'follow' });
    expect(page.status).toBe(200);
    expect((await login.exited).code).toBe(0);

    const { api_key: key } = JSON.parse(await readFile(join(configDir, 'credentials.json'), 'utf8'));
    expect(key).toMatch(/^whk_/);
    const exchange = github.tokenRequests.at(-1)!;
    expect(exchange.get('client_secret')).toBe(CLIENT.secret);
    expect(exchange.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows } = await context.ownerPool.query(
      'SELECT u.display_name, u.identity_issuer, t.plan_id FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.identity_subject = $1',
      ['583231'],
    );
    expect(rows).toEqual([{ display_name: 'The Octocat', identity_issuer: github.url, plan_id: 'free' }]);
  });

  it('refuses a code GitHub does not accept, and the CLI says why without storing anything', async () => {
    const configDir = join(cli.configDir, 'github-refused');
    const login = cli.spawn(['login', '--no-browser'], { env: { WEBHOOK_RELAY_CONFIG_DIR: configDir } });
    const url = (await login.waitForLine(/\/auth\/cli\/start\?/, { stream: 'stderr' })).trim();
    // Skip GitHub: come back to the relay's callback with a code GitHub never issued.
    const toGitHub = await fetch(url, { redirect: 'manual' });
    const state = new URL(toGitHub.headers.get('location')!).searchParams.get('state')!;
    await fetch(`${cli.apiUrl}/auth/callback?code=forged&state=${state}`, { redirect: 'follow' });
    const result = await login.exited;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/GitHub refused the code/);
    await expect(readFile(join(configDir, 'credentials.json'), 'utf8')).rejects.toThrow();
  });
});
