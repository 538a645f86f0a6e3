// Closed-loop load from wrk (Debian's `wrk`, written in C) with bodies that vary: a list of bodies sent in
// turn, over and over (lib/wrk-cycle.lua). On a 2-core machine the load generator shares the cores with the
// system it measures; a Node client spends ~0.2 ms of CPU per request, wrk a few microseconds.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./wrk-cycle.lua', import.meta.url));

export interface WrkCycleResult {
  /** Requests answered, in the order of the bodies (the i-th answered is body i mod length, give or take those in flight). */
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
}

export function wrkInstalled(): boolean {
  // `wrk --version` prints its usage and exits 1: that it ran at all is what counts.
  const { error, status } = spawnSync('wrk', ['--version'], { stdio: 'ignore' });
  return !error && status !== null;
}

export async function runWrkCycle(options: {
  url: string;
  connections: number;
  seconds: number;
  /** One body per entry, none with a line break (form-encoded bodies have none). */
  bodies: string[];
  headers: Record<string, string>;
}): Promise<WrkCycleResult> {
  const dir = mkdtempSync(join(tmpdir(), 'wrk-cycle-'));
  const bodiesFile = join(dir, 'bodies.txt');
  writeFileSync(bodiesFile, `${options.bodies.join('\n')}\n`);
  const env = {
    ...process.env,
    WRK_BODIES_FILE: bodiesFile,
    WRK_HEADERS: Object.entries(options.headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\n'),
  };
  // One thread: the bodies go out in order, and a second thread would take CPU from the system measured.
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${Math.max(1, Math.round(options.seconds))}s`,
    '--timeout',
    '30s',
    '-s',
    SCRIPT,
    options.url,
  ];
  try {
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
    const result = JSON.parse(line.slice('WRK_RESULT '.length)) as {
      requests: number;
      duration_us: number;
      non2xx: number;
      errors: number;
      p50_us: number;
      p95_us: number;
    };
    return {
      requests: result.requests,
      seconds: result.duration_us / 1e6,
      non2xx: result.non2xx,
      errors: result.errors,
      p50Ms: Math.round(result.p50_us / 100) / 10,
      p95Ms: Math.round(result.p95_us / 100) / 10,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
