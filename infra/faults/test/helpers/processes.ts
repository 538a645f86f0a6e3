// The built services as real processes (what Kubernetes runs: `node dist/server.js`), on free ports,
// with their output kept for a failing test. kill -9 and restart are what the fault tests are about.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { patient } from './patience.js';

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
export const FULL = process.env.FAULTS_FULL === '1';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Asks `check` until it answers; gives up after `timeoutMs` on a quiet machine, longer on a loaded one (patient). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + patient(timeoutMs);
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface ServiceProcess {
  readonly pid: number;
  readonly output: string[];
  /** The ports it bound, by setting (PORT, INGEST_PORT, ...). */
  readonly ports: Record<string, number>;
  /** SIGKILL: no shutdown hook runs, in-flight work is cut. */
  killHard(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartServiceOptions {
  service: string;
  entry?: string;
  env: Record<string, string>;
  /**
   * Port settings and the start-up line (pino `msg`) that reports, in `port`, what each bound. A setting
   * missing from `env` gets a free port (a concrete one: the relay hands out URLs with its ingest port).
   * The first one serves /readyz.
   */
  ports: Record<string, string>;
}

/** Output lines kept per process for a failing test's message. */
const KEPT_LINES = 200;
/**
 * A port taken before the process bound it is tried again: a port from `env` (a restart's) as it is,
 * once the other holder (a test's short-lived server) lets go; a picked one is picked again.
 */
const PORT_TAKEN_ATTEMPTS = 20;

/**
 * Starts `node <entry>` in services/<service> and waits until it has reported binding every port in
 * `ports` and answers 200 on /readyz there. Readiness is read from the process's own lines, never from
 * whatever answers on a port: a port picked in advance can be taken by another test's server meanwhile.
 */
export async function startService(options: StartServiceOptions): Promise<ServiceProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      const portEnv: Record<string, string> = {};
      for (const setting of Object.keys(options.ports)) portEnv[setting] = options.env[setting] ?? String(await freePort());
      return await startOnce(options, portEnv);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= PORT_TAKEN_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

class PortTaken extends Error {}

async function startOnce(options: StartServiceOptions, portEnv: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [options.entry ?? 'dist/server.js'], {
    cwd: `${REPO}services/${options.service}`,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'info', ...options.env, ...portEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const ports: Record<string, number> = {};
  const bySetting = Object.entries(options.ports);
  const keepLine = (line: string) => {
    output.push(line);
    if (output.length > KEPT_LINES) output.shift();
    const reported = boundPort(line);
    for (const [setting, message] of bySetting) if (reported?.msg === message) ports[setting] = reported.port;
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (text: string) => {
      const lines = (partial + text).split('\n');
      partial = lines.pop()!;
      for (const line of lines) if (line) keepLine(line);
    });
    stream.on('end', () => partial && keepLine(partial));
  }
  const what = `${options.service} ${options.entry ?? ''}`.trim();
  const [readySetting] = bySetting[0]!;
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  // A process that exits gives up at once (waitFor would keep asking until its deadline), once its
  // last lines are read: they say whether its port was taken.
  const exitedEarly = async () => {
    if (child.exitCode === null && child.signalCode === null) return;
    await closed;
    const last = output.slice(-5).join(' | ');
    throw /is already in use/.test(last) ? new PortTaken(last) : new Error(`${what} exited with ${child.exitCode}: ${last}`);
  };
  const deadline = Date.now() + patient(60_000);
  try {
    while (!bySetting.every(([setting]) => ports[setting] !== undefined)) {
      await exitedEarly();
      if (Date.now() > deadline)
        throw new Error(
          `timed out waiting for ${what} to report binding ${Object.values(options.ports).join(', ')}: ${output.slice(-5).join(' | ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const readyUrl = `http://127.0.0.1:${ports[readySetting]}/readyz`;
    for (;;) {
      await exitedEarly();
      if (
        await fetch(readyUrl).then(
          (response) => response.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} at ${readyUrl}: ${output.slice(-5).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await exited(child, 'SIGKILL');
    throw error;
  }
  return {
    pid: child.pid!,
    output,
    ports,
    killHard: () => exited(child, 'SIGKILL'),
    stop: () => exited(child, 'SIGTERM'),
  };
}

function boundPort(line: string): { msg: string; port: number } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(line) as { msg?: unknown; port?: unknown };
    return typeof parsed.msg === 'string' && typeof parsed.port === 'number' ? { msg: parsed.msg, port: parsed.port } : undefined;
  } catch {
    return undefined;
  }
}

/** Sends `signal` to a child that is still running and resolves once it has exited. */
export function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Child processes of `pid` with their command names (the Apertium stages of a translator). */
export function childProcesses(pid: number): { pid: number; command: string }[] {
  const result = spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' });
  return result.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length === 2)
    .map(([child, command]) => ({ pid: Number(child), command: command! }));
}
