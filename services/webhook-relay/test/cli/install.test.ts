import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CLI_BUNDLE } from '../../src/http/routes/install.js';
import { CliHarness } from '../helpers/cli-runner.js';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { env }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin ?? '');
  });
}

describe('GET /install.sh: the CLI without a checkout', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let cli: CliHarness;
  let home: string;
  const env = () => ({ PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, HOME: home, WEBHOOK_RELAY_CONFIG_DIR: join(home, 'config') });

  beforeAll(async () => {
    if (!existsSync(CLI_BUNDLE))
      throw new Error(`${CLI_BUNDLE} is missing: build the relay (pnpm --filter @workspace/webhook-relay... build)`);
    ({ context, tenant } = await createContextWithTenant());
    cli = await CliHarness.start(context);
    home = await mkdtemp(join(tmpdir(), 'relay-install-'));
  });
  afterAll(async () => {
    await cli.close();
    await context.close();
    await rm(home, { recursive: true, force: true });
  });

  it('serves the bundle with its SHA-256, and a script that names this server and that hash', async () => {
    const bundle = readFileSync(CLI_BUNDLE);
    const sha256 = createHash('sha256').update(bundle).digest('hex');
    const served = await fetch(`${cli.apiUrl}/cli/relay.mjs`);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-sha256')).toBe(sha256);
    expect(Buffer.from(await served.arrayBuffer()).equals(bundle)).toBe(true);
    const script = await fetch(`${cli.apiUrl}/install.sh`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/x-shellscript/);
    const text = await script.text();
    expect(text).toContain(`RELAY_URL='${cli.apiUrl}'`);
    expect(text).toContain(`EXPECTED_SHA256='${sha256}'`);
  });

  it('installs a webhook-relay command that talks to the relay', async () => {
    const script = await (await fetch(`${cli.apiUrl}/install.sh`)).text();
    const installed = await run('/bin/sh', ['-s'], env(), script);
    expect(installed).toMatchObject({ code: 0, stderr: '' });
    expect(installed.stdout).toContain(`Installed webhook-relay 0.1.0 in ${home}/.local/bin/webhook-relay`);
    // This relay has no identity providers: the next step it suggests is the sign-in that works here.
    expect(installed.stdout).toContain(`Next: webhook-relay --api-url ${cli.apiUrl} login --with-token`);
    const bin = join(home, '.local', 'bin', 'webhook-relay');
    expect(await run(bin, ['--version'], env())).toMatchObject({ code: 0, stdout: '0.1.0\n' });
    const created = await run(bin, ['--api-url', cli.apiUrl, 'endpoints', 'create', 'installed', '--json'], {
      ...env(),
      WEBHOOK_RELAY_API_KEY: tenant.apiKey,
    });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'installed' });
  });

  it('refuses a download whose SHA-256 differs, and installs nothing', async () => {
    const script = await (await fetch(`${cli.apiUrl}/install.sh`)).text();
    const tampering: Server = createServer((_req, res) => res.end('console.log("not the CLI")\n'));
    await new Promise<void>((resolve) => tampering.listen(0, '127.0.0.1', () => resolve()));
    try {
      const url = `http://127.0.0.1:${(tampering.address() as AddressInfo).port}`;
      const elsewhere = join(home, 'elsewhere');
      const result = await run(
        '/bin/sh',
        ['-s'],
        { ...env(), WEBHOOK_RELAY_BIN_DIR: elsewhere },
        script.replace(`RELAY_URL='${cli.apiUrl}'`, `RELAY_URL='${url}'`),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(
        /^webhook-relay install: the download's SHA-256 is [0-9a-f]{64}, not [0-9a-f]{64}: nothing installed\n$/,
      );
      expect(existsSync(join(elsewhere, 'webhook-relay'))).toBe(false);
    } finally {
      await new Promise((resolve) => tampering.close(resolve));
    }
  });

  it('answers 400 to a Host header it would not write into a script', async () => {
    const response = await api(context).get('/install.sh').set('Host', "relay.example.com';rm -rf ~;'").expect(400);
    expect(response.body.error.code).toBe('invalid_request');
  });
});
