import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { CliHarness } from '../helpers/cli-runner.js';
import { createContextWithTenant, INGEST_BASE, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('webhook-relay CLI: login --with-token, logout, endpoints', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let cli: CliHarness;
  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    cli = await CliHarness.start(context);
  });
  afterAll(async () => {
    await cli.close();
    await context.close();
  });

  it('stores a key read from standard input in a file only its owner can read, and never prints it', async () => {
    const result = await cli.run(['login', '--with-token'], { stdin: `${tenant.apiKey}\n` });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toContain(`Signed in to ${cli.apiUrl}`);
    expect(result.stdout).not.toContain(tenant.apiKey);
    const file = join(cli.configDir, 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ api_url: cli.apiUrl, api_key: tenant.apiKey });
  });

  it('refuses a key the API does not accept, and stores nothing', async () => {
    const result = await cli.run(['login', '--with-token'], {
      stdin: 'whk_not-a-real-key-at-all-000000',
      env: { WEBHOOK_RELAY_CONFIG_DIR: join(cli.configDir, 'other') },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: the API key is not valid or has been revoked; sign in with `webhook-relay login`/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    await expect(stat(join(cli.configDir, 'other', 'credentials.json'))).rejects.toThrow();
  });

  it('says at once that browser sign-in is not configured on a server without identity providers, instead of waiting out its timeout', async () => {
    // Without the check the CLI would wait the whole --timeout for a callback that never comes (the test times out).
    const result = await cli.run(['login', '--no-browser', '--timeout', '600'], {
      env: { WEBHOOK_RELAY_CONFIG_DIR: join(cli.configDir, 'browserless') },
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `error: browser sign-in is not configured on ${cli.apiUrl}; sign in with \`webhook-relay login --with-token\` and an API key\n`,
    );
    await expect(stat(join(cli.configDir, 'browserless', 'credentials.json'))).rejects.toThrow();
  });

  it('creates an endpoint and prints its id and ingest URL', async () => {
    const result = await cli.run(['endpoints', 'create', 'orders']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^Created endpoint orders\nid {10}[0-9a-f-]{36}\ningest URL  ${INGEST_BASE.replace(/\./g, '\\.')}/\\S+\n$`),
    );
  });

  it('lists endpoints as a table, and as JSON lines with --json', async () => {
    await cli.run(['endpoints', 'create', 'payments', '--provider', 'stripe']);
    const table = await cli.run(['endpoints', 'list']);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+PROVIDER\s+INGEST URL\s+CREATED$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/).slice(1, 3))).toEqual([
      ['payments', 'stripe'],
      ['orders', '-'],
    ]);
    const json = await cli.run(['endpoints', 'list', '--json']);
    expect(
      json.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).name),
    ).toEqual(['payments', 'orders']);
  });

  it('rotates the ingest URL: a new one is printed', async () => {
    const created = JSON.parse((await cli.run(['endpoints', 'create', 'rotating', '--json'])).stdout);
    const result = await cli.run(['endpoints', 'rotate', created.id]);
    expect(result.code).toBe(0);
    const rotated = /ingest URL {2}(\S+)/.exec(result.stdout)![1];
    expect(rotated).toMatch(new RegExp(`^${INGEST_BASE}/`));
    expect(rotated).not.toBe(created.ingest_url);
  });

  it('answers a clean error with exit code 1 for an unknown endpoint, and 2 for usage mistakes', async () => {
    const missing = await cli.run(['endpoints', 'rotate', '00000000-0000-7000-8000-000000000000']);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toMatch(/^error: endpoint 00000000-0000-7000-8000-000000000000 not found\n$/);
    expect((await cli.run(['endpoints', 'create'])).code).toBe(2);
    expect((await cli.run(['frobnicate'])).code).toBe(2);
  });

  it('prints help for every command with exit code 0', async () => {
    for (const args of [
      ['--help'],
      ['login', '--help'],
      ['endpoints', 'create', '--help'],
      ['listen', '--help'],
      ['replay', '--help'],
      ['audit', 'verify', '--help'],
    ]) {
      const result = await cli.run(args);
      expect({ args, code: result.code }).toEqual({ args, code: 0 });
      expect(result.stdout).toMatch(/^Usage: webhook-relay/);
    }
  });

  it('takes --api-url and WEBHOOK_RELAY_API_KEY over the stored values', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await cli.run(['endpoints', 'list', '--api-url', `http://127.0.0.1:${port}`]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toBe(
      `error: cannot reach the webhook-relay API at http://127.0.0.1:${port}: ECONNREFUSED (set --api-url or WEBHOOK_RELAY_API_URL)\n`,
    );
    const wrongKey = await cli.run(['endpoints', 'list'], { env: { WEBHOOK_RELAY_API_KEY: 'whk_revoked-or-never-existed-00000000' } });
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stderr).not.toContain('whk_revoked');
  });

  it('logout removes the stored key; commands then say how to sign in', async () => {
    const result = await cli.run(['logout']);
    expect(result).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Signed out: removed .*credentials\.json\.\n$/) });
    await expect(stat(join(cli.configDir, 'credentials.json'))).rejects.toThrow();
    const after = await cli.run(['endpoints', 'list']);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/^error: not signed in: run `webhook-relay login`/);
    expect((await cli.run(['logout'])).stdout).toBe('Not signed in; nothing to remove.\n');
  });
});

describe('browser sign-in on a server without identity providers', () => {
  it('answers 404 with a message pointing to login --with-token', async () => {
    const { context } = await createContextWithTenant();
    const cli = await CliHarness.start(context);
    try {
      const response = await fetch(
        `${cli.apiUrl}/auth/cli/start?redirect_uri=${encodeURIComponent('http://127.0.0.1:5000/cb')}&state=${'c'.repeat(32)}`,
        { redirect: 'manual' },
      );
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/login --with-token/);
    } finally {
      await cli.close();
      await context.close();
    }
  });
});
