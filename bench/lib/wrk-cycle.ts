// Closed-loop load from wrk with bodies that vary: a list of bodies sent in turn, over and over (lib/wrk-bodies.lua
// with WRK_BODIES_FILE). On a 2-core machine the load generator shares the cores with the system it measures; a
// Node client spends ~0.2 ms of CPU per request, wrk a few microseconds.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runWrk } from './wrk-load.js';

export interface WrkCycleResult {
  /** Requests answered, in the order of the bodies (the i-th answered is body i mod length, give or take those in flight). */
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
  p50Ms: number;
  p95Ms: number;
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
  try {
    const result = await runWrk({
      url: options.url,
      connections: options.connections,
      seconds: Math.max(1, Math.round(options.seconds)),
      headers: options.headers,
      env: { WRK_BODIES_FILE: bodiesFile },
    });
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
