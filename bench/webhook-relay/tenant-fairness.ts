// Figure (ARCHITECTURE.md, webhook-relay; issue 41): while one tenant's 200 destinations hold every request
// 30 s, every other tenant's capture-to-delivery p99 stays under 1 s and its throughput within 10% of an
// undisturbed run, with two worker processes. The baseline is the same relay, same run, without the noisy tenant.
//
// The relay runs as in production: the API (workers off) and two worker processes (node dist/worker.js) with
// their default places and lanes. One receiver process (this one) serves both tarpit paths (/slow/<n>: answered
// after BENCH_TARPIT_MS) and fast paths (/fast/<tenant>/<n>: answered at once) on one origin, so nothing between
// the relay and the host may queue fast requests behind held ones. The noisy tenant gets BENCH_NOISY_EVENTS
// events first, so every one of its destinations holds a request through the whole disturbed phase (checked,
// and reported). Two quiet tenants each have
// BENCH_FAST_DESTINATIONS destinations; each phase measures, per quiet tenant:
//   latency:    BENCH_RATE events/s for BENCH_SECONDS, from just before the capture request to the arrival;
//   throughput: a backlog of BENCH_BACKLOG events, deliveries/s from the first arrival to the last.
// Phases: undisturbed, disturbed (every noisy destination holding a request), undisturbed again once the tarpit
// lets go and the noisy backlog is delivered; the baseline is the mean of the two undisturbed phases.
// Run: pnpm bench:webhook-relay:fairness (needs pnpm build).
import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { cpuBetween, snapshotCpu } from '../lib/cpu-by-process.js';
import type { RunningServer } from '../lib/processes.js';
import { dropRedisPrefix, inParallel, relayProcessEnv, startRelay, startWorkers } from './relay-server.js';

const SLOW_DESTINATIONS = Number(process.env.BENCH_SLOW_DESTINATIONS ?? 200);
const TARPIT_MS = Number(process.env.BENCH_TARPIT_MS ?? 30_000);
const FAST_DESTINATIONS = Number(process.env.BENCH_FAST_DESTINATIONS ?? 20);
const RATE = Number(process.env.BENCH_RATE ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 200);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** Events captured for the noisy tenant before the disturbed phase: each holds each of its destinations TARPIT_MS. */
const NOISY_EVENTS = Number(process.env.BENCH_NOISY_EVENTS ?? 6);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'bench_relay_fairness';
const API_KEY = `whk_bench_${randomBytes(12).toString('hex')}`;
const ADMIN_KEY = `admin-${randomBytes(24).toString('hex')}`;
const QUIET = ['quiet-a', 'quiet-b'];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(100);
}

/** Arrivals per quiet tenant: latency of each first arrival (by webhook-id) and when it came. */
class Arrivals {
  readonly latencies = new Map<string, number[]>();
  readonly times = new Map<string, number[]>();
  private readonly seen = new Set<string>();
  fifoBroken = 0;
  private readonly lastSeq = new Map<string, number>();

  reset(): void {
    this.latencies.clear();
    this.times.clear();
    this.lastSeq.clear();
  }

  record(tenant: string, path: string, webhookId: string, body: { seq: number; sentAt: number }): void {
    if (this.seen.has(webhookId)) return;
    this.seen.add(webhookId);
    const now = performance.now();
    if ((this.lastSeq.get(path) ?? -1) > body.seq) this.fifoBroken += 1;
    this.lastSeq.set(path, body.seq);
    push(this.latencies, tenant, now - body.sentAt);
    push(this.times, tenant, now);
  }
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key) ?? [];
  list.push(value);
  map.set(key, list);
}

async function startReceiver(arrivals: Arrivals) {
  const held = new Set<ServerResponse>();
  let slowRequests = 0;
  let holdMs = TARPIT_MS;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (path.startsWith('/slow/')) {
        slowRequests += 1;
        held.add(res);
        const timer = setTimeout(() => {
          held.delete(res);
          if (!res.destroyed) res.writeHead(200).end('ok');
        }, holdMs);
        res.on('close', () => {
          clearTimeout(timer);
          held.delete(res);
        });
        return;
      }
      const [, , tenant] = path.split('/');
      arrivals.record(tenant!, path, String(req.headers['webhook-id']), JSON.parse(Buffer.concat(chunks).toString()));
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held.size,
    slowRequests: () => slowRequests,
    /** The tarpit lets go: held requests are answered now, later ones at once. */
    release() {
      holdMs = 0;
      for (const response of held) if (!response.destroyed) response.writeHead(200).end('ok');
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface TenantSetup {
  name: string;
  apiKey: string;
  ingestUrl: string;
}

async function post(apiUrl: string, key: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

async function capture(ingestUrl: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(ingestUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
  await response.arrayBuffer();
}

interface PhaseResult {
  p50: Record<string, number>;
  p99: Record<string, number>;
  perSecond: Record<string, number>;
}

/** Names the relay's processes in CPU reports (set once they have started). */
let processLabel: (pid: number, name: string) => string = (_pid, name) => name;

async function runPhase(label: string, quiet: TenantSetup[], arrivals: Arrivals): Promise<PhaseResult> {
  const result: PhaseResult = { p50: {}, p99: {}, perSecond: {} };
  // Latency at a steady rate.
  arrivals.reset();
  // One sender per tenant, each capture after the previous one's answer, so capture order is `seq` order and
  // FIFO can be checked; a capture that answers late delays the next one, never reorders it.
  const started = performance.now();
  await Promise.all(
    quiet.map(async (tenant) => {
      for (let seq = 0; seq < RATE * SECONDS; seq += 1) {
        const wait = started + (seq * 1000) / RATE - performance.now();
        if (wait > 0) await sleep(wait);
        await capture(tenant.ingestUrl, { seq, sentAt: performance.now() });
      }
    }),
  );
  const expected = RATE * SECONDS * FAST_DESTINATIONS;
  const deadline = Date.now() + 120_000;
  while (quiet.some((tenant) => (arrivals.latencies.get(tenant.name)?.length ?? 0) < expected) && Date.now() < deadline) await sleep(100);
  for (const tenant of quiet) {
    const latencies = arrivals.latencies.get(tenant.name) ?? [];
    result.p50[tenant.name] = percentile(latencies, 50);
    result.p99[tenant.name] = percentile(latencies, 99);
    console.log(
      `${label} ${tenant.name}: ${latencies.length}/${expected} delivered at ${RATE} events/s x ${FAST_DESTINATIONS} destinations; capture-to-delivery p50 ${result.p50[tenant.name]!.toFixed(0)} ms, p99 ${result.p99[tenant.name]!.toFixed(0)} ms`,
    );
  }
  // Throughput on a backlog, both quiet tenants at once.
  arrivals.reset();
  const base = RATE * SECONDS;
  const cpuBefore = snapshotCpu();
  const capturing = performance.now();
  await Promise.all(
    quiet.map(async (tenant) => {
      for (let seq = base; seq < base + BACKLOG; seq += 1) await capture(tenant.ingestUrl, { seq, sentAt: performance.now() });
    }),
  );
  const capturedIn = (performance.now() - capturing) / 1000;
  const backlogExpected = BACKLOG * FAST_DESTINATIONS;
  const backlogDeadline = Date.now() + 300_000;
  while (quiet.some((tenant) => (arrivals.times.get(tenant.name)?.length ?? 0) < backlogExpected) && Date.now() < backlogDeadline)
    await sleep(100);
  const cpu = cpuBetween(cpuBefore, snapshotCpu(), (pid, name) => processLabel(pid, name));
  const delivered = quiet.reduce((sum, tenant) => sum + (arrivals.times.get(tenant.name)?.length ?? 0), 0);
  console.log(
    `${label} backlog: captured in ${capturedIn.toFixed(2)} s; CPU per quiet delivery: ${[...cpu]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, ms]) => `${name} ${((ms * 1000) / Math.max(1, delivered)).toFixed(0)} us`)
      .join(', ')}`,
  );
  for (const tenant of quiet) {
    const times = arrivals.times.get(tenant.name) ?? [];
    const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
    result.perSecond[tenant.name] = times.length / seconds;
    console.log(
      `${label} ${tenant.name}: backlog of ${BACKLOG} events x ${FAST_DESTINATIONS} destinations: ${times.length}/${backlogExpected} in ${seconds.toFixed(2)} s = ${result.perSecond[tenant.name]!.toFixed(0)} deliveries/s`,
    );
  }
  return result;
}

async function main(): Promise<void> {
  const prefix = `bench-fair-${randomBytes(4).toString('hex')}`;
  const shared = { ...relayProcessEnv(prefix, REDIS_URL), RELAY_PLAN_ALLOWANCES: 'scale=1000000000' };
  const relay = await startRelay({
    database: DATABASE,
    apiKey: API_KEY,
    logName: 'relay-fairness-api',
    env: { ...shared, RELAY_WORKERS_IN_PROCESS: 'false', RELAY_ADMIN_API_KEY: ADMIN_KEY },
  });
  const apiUrl = relay.server.url;
  const redis = new Redis(REDIS_URL);
  const arrivals = new Arrivals();
  const receiver = await startReceiver(arrivals);
  const workers: RunningServer[] = [];
  const ingestOf = (url: string) => `http://127.0.0.1:${relay.ingestPort}${new URL(url).pathname}`;
  const newTenant = async (name: string) => {
    const created = (await post(apiUrl, ADMIN_KEY, '/admin/tenants', { name, plan: 'scale' })) as { api_key: { key: string } };
    return created.api_key.key;
  };
  const setUp = async (name: string, key: string, paths: string[], timeoutMs: number): Promise<TenantSetup> => {
    const endpoint = (await post(apiUrl, key, '/v1/endpoints', { name })) as { id: string; ingest_url: string };
    await inParallel(paths.length, 16, async (index) => {
      const destination = (await post(apiUrl, key, '/v1/destinations', {
        name: `${name}-${index}`,
        url: `${receiver.url}${paths[index]}`,
        timeout_ms: timeoutMs,
      })) as { id: string };
      await post(apiUrl, key, '/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
    });
    return { name, apiKey: key, ingestUrl: ingestOf(endpoint.ingest_url) };
  };
  try {
    const quiet = [
      await setUp(QUIET[0]!, API_KEY, fastPaths(QUIET[0]!), 15_000),
      await setUp(QUIET[1]!, await newTenant(QUIET[1]!), fastPaths(QUIET[1]!), 15_000),
    ];
    const slowPaths = Array.from({ length: SLOW_DESTINATIONS }, (_, index) => `/slow/${index}`);
    const noisy = await setUp('noisy', await newTenant('noisy'), slowPaths, Math.min(60_000, TARPIT_MS + 10_000));
    console.log(
      `set up: 2 quiet tenants x ${FAST_DESTINATIONS} destinations; a noisy tenant with ${SLOW_DESTINATIONS} destinations held ${TARPIT_MS} ms`,
    );

    workers.push(...(await startWorkers({ count: WORKERS, database: DATABASE, env: shared, logName: 'relay-fairness-worker' })));
    const workerPids = new Set(workers.map((worker) => worker.pid));
    processLabel = (pid, name) =>
      workerPids.has(pid) ? 'workers' : pid === process.pid ? 'bench (senders, receiver)' : pid === relay.server.pid ? 'api+ingest' : name;
    const undisturbed = await runPhase('undisturbed', quiet, arrivals);

    // The noisy tenant: a backlog on every one of its destinations, deep enough that all of them hold a request
    // through the whole disturbed phase (each event holds each destination TARPIT_MS).
    for (let n = 0; n < NOISY_EVENTS; n += 1) await capture(noisy.ingestUrl, { noisy: n });
    await waitUntil(() => receiver.held() >= SLOW_DESTINATIONS, 60_000);
    console.log(`noisy tenant: ${receiver.held()} requests held by the tarpit; measuring`);
    let heldMin = receiver.held();
    let heldMax = 0;
    const watch = setInterval(() => {
      heldMax = Math.max(heldMax, receiver.held());
      heldMin = Math.min(heldMin, receiver.held());
    }, 100);
    let disturbed: PhaseResult;
    try {
      disturbed = await runPhase('disturbed', quiet, arrivals);
    } finally {
      clearInterval(watch);
    }
    console.log(
      `noisy tenant: ${heldMin}-${heldMax} requests held at once by the tarpit while measured (${receiver.slowRequests()} received)`,
    );
    // Undisturbed again once the noisy tenant's backlog is delivered: the baseline is the mean of the runs before
    // and after, so a drift of the machine over the run (PostgreSQL's autovacuum, say) is not counted as the noise.
    receiver.release();
    const expectedNoisy = SLOW_DESTINATIONS * NOISY_EVENTS;
    await waitUntil(() => receiver.slowRequests() >= expectedNoisy, 120_000);
    await sleep(2000);
    const after = await runPhase('undisturbed again', quiet, arrivals);
    console.log(`FIFO broken on a quiet destination: ${arrivals.fifoBroken} times`);
    for (const tenant of quiet) {
      const baseline = (undisturbed.perSecond[tenant.name]! + after.perSecond[tenant.name]!) / 2;
      const ratio = disturbed.perSecond[tenant.name]! / baseline;
      console.log(
        `${tenant.name}: p99 ${disturbed.p99[tenant.name]!.toFixed(0)} ms disturbed vs ${undisturbed.p99[tenant.name]!.toFixed(0)} / ${after.p99[tenant.name]!.toFixed(0)} ms undisturbed before / after (target < 1000 ms); throughput ${ratio.toFixed(2)}x undisturbed (mean of before and after; target >= 0.90x)`,
      );
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await receiver.close();
    await relay.server.stop();
    await dropRedisPrefix(redis, prefix);
    redis.disconnect();
  }
}

function fastPaths(tenant: string): string[] {
  return Array.from({ length: FAST_DESTINATIONS }, (_, index) => `/fast/${tenant}/${index}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
