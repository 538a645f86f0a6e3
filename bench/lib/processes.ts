import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

export interface RunningServer {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

// Extra node flags for the services under test (e.g. BENCH_NODE_FLAGS="--cpu-prof"), read from the environment.
export function benchNodeFlags(): string[] {
  return (process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
}

// Starts a server process with its output in a log file and waits until `readyPath` answers 200.
export async function startServer(options: {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  readyPath: string;
  logFile: string;
  cwd?: string;
}): Promise<RunningServer> {
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = openSync(options.logFile, 'w');
  const child = spawn(options.command, options.args, { env: options.env, cwd: options.cwd, stdio: ['ignore', log, log] });
  const url = `http://127.0.0.1:${options.port}`;
  await waitUntilReady(child, `${url}${options.readyPath}`, options.logFile);
  return { url, pid: child.pid, stop: () => stop(child) };
}

async function waitUntilReady(child: ChildProcess, url: string, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}; see ${logFile}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server at ${url} was not ready within 60 s; see ${logFile}`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// A port nothing listens on right now, so a benchmark never collides with a running service.
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
