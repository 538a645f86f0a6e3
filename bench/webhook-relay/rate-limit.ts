// Figure (issue 44, part 4): a destination's rate limit, with two worker processes, is kept within 5% of the limit
// at 1, 10 and 100 events/s, and the other destinations are not slowed.
//
// The relay runs as in production: the API (workers off) and BENCH_WORKERS worker processes (node dist/worker.js).
// Three limited destinations (1/s, 10/s, 100/s) get a backlog of BENCH_SECONDS worth of events each; their observed
// rate is (arrivals - 1) / (last arrival - first arrival), first arrivals by webhook-id, on this process's clock.
// Other destinations (BENCH_OTHERS, no limit) get a backlog of BENCH_OTHER_EVENTS each, delivered once alone (the
// baseline, same run) and once while the limited ones are being paced; their throughput is compared.
// Run: pnpm bench:webhook-relay:rate-limit (needs pnpm build).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import type { RunningServer } from '../lib/processes.js';
import { dropRedisPrefix, inParallel, relayProcessEnv, startRelay, startWorkers } from './relay-server.js';

const LIMITS = (process.env.BENCH_LIMITS ?? '1,10,100').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 20);
const OTHER_EVENTS = Number(process.env.BENCH_OTHER_EVENTS ?? 100);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'bench_relay_rate_limit';
const API_KEY = `whk_bench_${randomBytes(12).toString('hex')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** First arrival times (by webhook-id) per receiver path. */
class Arrivals {
  private readonly seen = new Set<string>();
  readonly times = new Map<string, number[]>();

  record(path: string, webhookId: string): void {
    if (this.seen.has(webhookId)) return;
    this.seen.add(webhookId);
    const list = this.times.get(path) ?? [];
    list.push(performance.now());
    this.times.set(path, list);
  }

  count(path: string): number {
    return this.times.get(path)?.length ?? 0;
  }
}

async function startReceiver(arrivals: Arrivals) {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.record(req.url ?? '/', String(req.headers['webhook-id']));
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function capture(ingestUrl: string, body: unknown): Promise<void> {
  const response = await fetch(ingestUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
  await response.arrayBuffer();
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(50);
}

/** Deliveries per second over the others' backlog, first arrival to last, across all of them. */
function othersThroughput(arrivals: Arrivals, paths: string[]): number {
  const times = paths.flatMap((path) => arrivals.times.get(path) ?? []);
  return times.length / ((Math.max(...times) - Math.min(...times)) / 1000);
}

async function main(): Promise<void> {
  const prefix = `bench-rate-${randomBytes(4).toString('hex')}`;
  const shared = relayProcessEnv(prefix, REDIS_URL);
  const relay = await startRelay({
    database: DATABASE,
    apiKey: API_KEY,
    logName: 'relay-rate-limit-api',
    env: { ...shared, RELAY_WORKERS_IN_PROCESS: 'false' },
  });
  const redis = new Redis(REDIS_URL);
  const arrivals = new Arrivals();
  const receiver = await startReceiver(arrivals);
  const workers: RunningServer[] = [];
  const ingestOf = (url: string) => `http://127.0.0.1:${relay.ingestPort}${new URL(url).pathname}`;
  /** An endpoint feeding the destinations at `paths` (each with `rateLimit`, or none). */
  const wire = async (name: string, paths: string[], rateLimit: { max: number; per: 'second' } | null) => {
    const endpoint = await relay.post('/v1/endpoints', { name });
    await inParallel(paths.length, 8, async (index) => {
      const destination = await relay.post('/v1/destinations', {
        name: `${name}-${index}`,
        url: `${receiver.url}${paths[index]}`,
        rate_limit: rateLimit,
      });
      await relay.post('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
    });
    return ingestOf(endpoint.ingest_url);
  };
  try {
    const otherPaths = (round: string) => Array.from({ length: OTHERS }, (_, index) => `/other/${round}/${index}`);
    const othersAlone = await wire('others-alone', otherPaths('alone'), null);
    const othersBeside = await wire('others-beside', otherPaths('beside'), null);
    const limited = await Promise.all(
      LIMITS.map(async (limit) => ({
        limit,
        ingest: await wire(`limited-${limit}`, [`/limited/${limit}`], { max: limit, per: 'second' }),
      })),
    );
    workers.push(...(await startWorkers({ count: WORKERS, database: DATABASE, env: shared, logName: 'relay-rate-limit-worker' })));

    // Baseline: the others' backlog alone.
    for (let n = 0; n < OTHER_EVENTS; n += 1) await capture(othersAlone, { n });
    await waitFor(() => otherPaths('alone').every((path) => arrivals.count(path) >= OTHER_EVENTS), 300_000);
    const alone = othersThroughput(arrivals, otherPaths('alone'));

    // The limited destinations' backlogs (more than SECONDS' worth arrive faster than they may leave), then the
    // others' backlog again while the limited ones are being paced.
    await Promise.all(
      limited.map(async ({ limit, ingest }) => {
        for (let n = 0; n < limit * SECONDS + 1; n += 1) await capture(ingest, { n });
      }),
    );
    for (let n = 0; n < OTHER_EVENTS; n += 1) await capture(othersBeside, { n });
    await waitFor(() => otherPaths('beside').every((path) => arrivals.count(path) >= OTHER_EVENTS), 300_000);
    const beside = othersThroughput(arrivals, otherPaths('beside'));
    const pacedWhileOthersRan = limited.every(({ limit }) => arrivals.count(`/limited/${limit}`) < limit * SECONDS + 1);

    await waitFor(() => limited.every(({ limit }) => arrivals.count(`/limited/${limit}`) >= limit * SECONDS + 1), (SECONDS + 60) * 1000);
    console.log(`rate limits with ${WORKERS} worker processes (${new Date().toISOString()}):`);
    for (const { limit } of limited) {
      const times = arrivals.times.get(`/limited/${limit}`) ?? [];
      const rate = (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
      console.log(
        `  limit ${limit}/s: ${times.length} deliveries over ${((times.at(-1)! - times[0]!) / 1000).toFixed(2)} s = ${rate.toFixed(3)}/s, ${(((rate - limit) / limit) * 100).toFixed(2)}% from the limit (target within 5%)`,
      );
    }
    console.log(
      `  others (${OTHERS} destinations x ${OTHER_EVENTS} events, no limit): ${alone.toFixed(0)} deliveries/s alone, ${beside.toFixed(0)} beside the paced ones = ${(beside / alone).toFixed(2)}x (target: not slowed)${pacedWhileOthersRan ? '' : ' [the paced backlogs ended before the others: widen BENCH_SECONDS]'}`,
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await receiver.close();
    await relay.server.stop();
    await dropRedisPrefix(redis, prefix);
    redis.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
