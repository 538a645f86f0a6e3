// Closed-loop load from wrk (Debian's `wrk`, written in C), as an alternative to autocannon: on a 2-core
// machine the load generator shares the cores with the systems it measures, and autocannon spends ~100 us
// of CPU per request in JavaScript, which every system measured pays alike; wrk spends a few microseconds.
// Each request's body comes from a Lua template (lib/wrk-bodies.lua) with a counter, so every request is a
// new event, as with autocannon's nextRequest.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.js';

const SCRIPT = fileURLToPath(new URL('./wrk-bodies.lua', import.meta.url));

export interface WrkLoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** The body, with `%d` where the request's own number goes (a Lua string.format template). */
  bodyTemplate: string;
  headers: Record<string, string>;
  /** Makes the bodies of this run differ from every other run's (their numbers restart at 1). */
  runId: string;
}

export function wrkAvailable(): boolean {
  // `wrk --version` prints its usage and exits 1: that it ran at all is what counts.
  const { error, status } = spawnSync('wrk', ['--version'], { stdio: 'ignore' });
  return !error && status !== null;
}

export async function runWrkLoad(options: WrkLoadOptions): Promise<LoadResult & { ok2xx: number }> {
  const result = await runWrk({
    url: options.url,
    connections: options.connections,
    seconds: options.seconds,
    headers: options.headers,
    env: { WRK_BODY_TEMPLATE: options.bodyTemplate.replaceAll('%d', `${options.runId}%d`) },
  });
  const ok2xx = result.requests - result.non2xx;
  return {
    ok2xx,
    requestsPerSecond: result.requests / (result.duration_us / 1e6),
    p50Ms: Math.round(result.p50_us / 100) / 10,
    p99Ms: Math.round(result.p99_us / 100) / 10,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** What lib/wrk-bodies.lua prints at the end of a run. */
export interface WrkResult {
  requests: number;
  duration_us: number;
  non2xx: number;
  errors: number;
  p50_us: number;
  p95_us: number;
  p99_us: number;
}

/** One wrk run with lib/wrk-bodies.lua; `env` says where the bodies come from (WRK_BODY_TEMPLATE or WRK_BODIES_FILE). */
export async function runWrk(options: {
  url: string;
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  env: Record<string, string>;
}): Promise<WrkResult> {
  const env = {
    ...process.env,
    ...options.env,
    WRK_HEADERS: Object.entries(options.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
  };
  // One thread: at these rates it needs a fraction of a core, and a second thread would take CPU from the servers.
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '30s', '-s', SCRIPT, options.url];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`wrk exited with ${code}: ${stderr || stdout}`))));
  });
  const line = output.split('\n').find((text) => text.startsWith('WRK_RESULT '));
  if (!line) throw new Error(`wrk printed no result: ${output}`);
  return JSON.parse(line.slice('WRK_RESULT '.length)) as WrkResult;
}
