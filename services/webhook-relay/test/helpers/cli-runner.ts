import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseIdentityProviders } from '../../src/sign-in/identity-providers.js';
import { createTestContext, type TestContext } from './test-app.js';

/** The built command-line tool: the tests drive it as a user would, as a separate process. */
export const CLI_BIN = fileURLToPath(new URL('../../../../packages/relay-cli/dist/bin.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunningCli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first stdout (or stderr) line matching, failing after the timeout with what was printed. */
  waitForLine(pattern: RegExp, options?: { stream?: 'stdout' | 'stderr'; timeoutMs?: number }): Promise<string>;
  /** SIGTERM (Ctrl-C's twin) and the exit. */
  stop(): Promise<CliResult>;
  exited: Promise<CliResult>;
}

/** A home for one test file's CLI: its own config directory, the API URL in the environment. */
export class CliHarness {
  private constructor(
    readonly configDir: string,
    readonly apiUrl: string,
    private readonly server: Server,
  ) {}

  /** The REST API of the context listening on a free port, and a config directory of its own. */
  static async start(context: TestContext): Promise<CliHarness> {
    if (!existsSync(CLI_BIN)) throw new Error(`${CLI_BIN} is missing: build the CLI first (pnpm --filter @workspace/relay-cli build)`);
    const server = createServer(context.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return new CliHarness(await mkdtemp(join(tmpdir(), 'relay-cli-')), apiUrl, server);
  }

  env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: this.configDir,
      TZ: 'UTC',
      WEBHOOK_RELAY_CONFIG_DIR: this.configDir,
      WEBHOOK_RELAY_API_URL: this.apiUrl,
      ...extra,
    };
  }

  spawn(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): RunningCli {
    const child = spawn(process.execPath, [CLI_BIN, ...args], { env: this.env(options.env), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdin!.end(options.stdin ?? '');
    const exited = new Promise<CliResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
    return {
      child,
      stdout: () => stdout,
      stderr: () => stderr,
      exited,
      async waitForLine(pattern, { stream = 'stdout', timeoutMs = 15_000 } = {}) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const line = (stream === 'stdout' ? stdout : stderr).split('\n').find((text) => pattern.test(text));
          if (line !== undefined) return line;
          if (Date.now() > deadline || child.exitCode !== null)
            throw new Error(`no ${stream} line matched ${pattern}; stdout:\n${stdout}\nstderr:\n${stderr}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
      async stop() {
        if (child.exitCode === null) child.kill('SIGTERM');
        return exited;
      },
    };
  }

  run(args: string[], options: { env?: Record<string, string>; stdin?: string } = {}): Promise<CliResult> {
    return this.spawn(args, options).exited;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await rm(this.configDir, { recursive: true, force: true });
  }
}

/**
 * A test app with browser sign-in through these identity providers (RELAY_SIGN_IN_PROVIDERS JSON) and
 * the CLI against it; the sign-in callback URL is the app's once it listens.
 */
export async function startSignInCli(
  providersJson: string,
  options: { startsPerMinute?: number } = {},
): Promise<{ context: TestContext; cli: CliHarness }> {
  const settings = { providers: parseIdentityProviders(providersJson), publicUrl: 'set once the API listens', ...options };
  const context = await createTestContext({ signIn: settings });
  const cli = await CliHarness.start(context);
  settings.publicUrl = cli.apiUrl;
  return { context, cli };
}
