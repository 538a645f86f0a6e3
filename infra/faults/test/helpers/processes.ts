// The built services as real processes (what Kubernetes runs: `node dist/server.js`), on free ports,
// with their output kept for a failing test. kill -9 and restart are what the fault tests are about.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

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

export async function waitFor<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
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
  /** SIGKILL: no shutdown hook runs, in-flight work is cut. */
  killHard(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `node <entry>` in services/<service> and waits until `readyUrl` answers 200. */
export async function startService(options: { service: string; entry?: string; env: Record<string, string>; readyUrl: string }): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [options.entry ?? 'dist/server.js'], {
    cwd: `${REPO}services/${options.service}`,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (data: Buffer) => output.push(...data.toString('utf8').split('\n').filter(Boolean).slice(-50));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  await waitFor(`${options.service} at ${options.readyUrl}`, async () => {
    if (child.exitCode !== null) throw new Error(`${options.service} exited with ${child.exitCode}: ${output.slice(-5).join(' | ')}`);
    return (await fetch(options.readyUrl)).ok;
  });
  return {
    pid: child.pid!,
    output,
    killHard: () => exited(child, 'SIGKILL'),
    stop: () => exited(child, 'SIGTERM'),
  };
}

function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
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
