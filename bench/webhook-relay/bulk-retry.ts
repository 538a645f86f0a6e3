// Figure (bulk retry of dead letters, services/webhook-relay/docs/bulk-retry.md): 50,000 dead letters of one
// destination retried by one bulk retry while its progress is polled, against 50,000 plain pending deliveries of
// another destination delivered in the same run by the same worker process. Reports both rates and their ratio.
//
// The relay runs as in production: the API (workers off) and one worker process (node dist/worker.js). Events come
// in through ingest (BENCH_EVENTS per endpoint); the dead letters are the first destination's deliveries turned
// dead-lettered by SQL (as spent retries would leave them, without 8 failing attempts each), and their Redis jobs
// dropped. Then, in order: the worker starts and delivers the plain backlog (rate: first to last arrival); then a
// bulk retry is previewed, started and polled until it finishes (job rate: retried / (finished_at - started_at);
// end-to-end rate: dead letters / (start request to last arrival)). Arrivals count once per webhook-id.
// Run: pnpm bench:webhook-relay:bulk-retry (needs pnpm build).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { RunningServer } from '../lib/processes.js';
import { databaseUrl, dropRedisPrefix, inParallel, relayProcessEnv, startRelay, startWorkers } from './relay-server.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const INGEST_CONCURRENCY = Number(process.env.BENCH_INGEST_CONCURRENCY ?? 32);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'bench_relay_bulk_retry';
const API_KEY = `whk_bench_${randomBytes(12).toString('hex')}`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** First arrivals (by webhook-id) per receiver path, with their times. */
async function startReceiver() {
  const seen = new Set<string>();
  const times = new Map<string, number[]>();
  const events = new Map<string, string[]>();
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      if (!seen.has(id)) {
        seen.add(id);
        const list = times.get(req.url ?? '/') ?? [];
        list.push(performance.now());
        times.set(req.url ?? '/', list);
        const arrived = events.get(req.url ?? '/') ?? [];
        arrived.push(String(req.headers['x-relay-event-id']));
        events.set(req.url ?? '/', arrived);
      }
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    count: (path: string) => times.get(path)?.length ?? 0,
    times: (path: string) => times.get(path) ?? [],
    /** The events of the first arrivals, in arrival order. */
    events: (path: string) => events.get(path) ?? [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

async function main(): Promise<void> {
  const prefix = `bench-bulk-${randomBytes(4).toString('hex')}`;
  const shared = relayProcessEnv(prefix, REDIS_URL);
  const relay = await startRelay({
    database: DATABASE,
    apiKey: API_KEY,
    logName: 'relay-bulk-retry-api',
    env: { ...shared, RELAY_WORKERS_IN_PROCESS: 'false' },
  });
  const redis = new Redis(REDIS_URL);
  const owner = new pg.Client({ connectionString: databaseUrl(DATABASE) });
  await owner.connect();
  const receiver = await startReceiver();
  const workers: RunningServer[] = [];
  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${relay.server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, any>>;
  };
  try {
    const wire = async (name: string) => {
      const endpoint = await relay.post('/v1/endpoints', { name });
      const destination = await relay.post('/v1/destinations', { name, url: `${receiver.url}/${name}` });
      await relay.post('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
      return { destinationId: destination.id, ingestUrl: `http://127.0.0.1:${relay.ingestPort}${new URL(endpoint.ingest_url).pathname}` };
    };
    const dead = await wire('dead-letters');
    const plain = await wire('plain');
    const ingestStarted = performance.now();
    for (const target of [dead, plain])
      await inParallel(EVENTS, INGEST_CONCURRENCY, async (n) => {
        const response = await fetch(target.ingestUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-event-type': 'order.paid' },
          body: JSON.stringify({ n, pad: 'x'.repeat(200) }),
        });
        if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
        await response.arrayBuffer();
      });
    const pending = async (destinationId: string) =>
      Number(
        (await owner.query("SELECT count(*) AS n FROM deliveries WHERE destination_id = $1 AND state = 'pending'", [destinationId])).rows[0]
          .n,
      );
    await waitFor(
      async () => (await pending(dead.destinationId)) === EVENTS && (await pending(plain.destinationId)) === EVENTS,
      300_000,
      'fan-out',
    );
    console.log(`setup: ${2 * EVENTS} events captured and fanned out in ${((performance.now() - ingestStarted) / 1000).toFixed(1)} s`);
    const { rowCount } = await owner.query(
      `UPDATE deliveries SET state = 'dead_lettered', attempts = 8, last_status = 500, last_error = 'HTTP 500',
              dead_lettered_at = now() - interval '1 minute', next_attempt_at = NULL
        WHERE destination_id = $1 AND state = 'pending'`,
      [dead.destinationId],
    );
    await owner.query('VACUUM ANALYZE deliveries');
    // Their wake-up jobs would only be taken and found finished: drop them, as a worker would have.
    for (const key of await redis.keys(`${prefix}:destination-${dead.destinationId}:*`)) await redis.del(key);
    console.log(`setup: ${rowCount} dead letters`);

    // Plain delivery: the worker starts on a backlog of pending deliveries.
    workers.push(...(await startWorkers({ count: 1, database: DATABASE, env: shared, logName: 'relay-bulk-retry-worker' })));
    await waitFor(() => receiver.count('/plain') >= EVENTS, 600_000, 'plain deliveries');
    const plainTimes = receiver.times('/plain');
    const plainRate = (plainTimes.length - 1) / ((plainTimes.at(-1)! - plainTimes[0]!) / 1000);
    console.log(
      `plain: ${plainTimes.length} deliveries in ${((plainTimes.at(-1)! - plainTimes[0]!) / 1000).toFixed(1)} s = ${plainRate.toFixed(0)} deliveries/s`,
    );

    // The bulk retry, polled every 500 ms.
    const selection = { destination_id: dead.destinationId };
    const previewStarted = performance.now();
    const preview = await api('POST', '/v1/bulk-retries/preview', selection);
    console.log(`preview: ${JSON.stringify(preview)} in ${(performance.now() - previewStarted).toFixed(0)} ms`);
    const requested = performance.now();
    let job = await api('POST', '/v1/bulk-retries', selection);
    let polls = 0;
    let lastPrinted = -1;
    while (!['succeeded', 'cancelled', 'failed'].includes(job.state) || receiver.count('/dead-letters') < EVENTS) {
      await sleep(500);
      polls += 1;
      job = await api('GET', `/v1/bulk-retries/${job.id}`);
      const second = Math.floor((performance.now() - requested) / 5000);
      if (second !== lastPrinted) {
        lastPrinted = second;
        console.log(
          `  t=${((performance.now() - requested) / 1000).toFixed(1)} s: ${job.state} retried ${job.retried}/${job.total ?? '?'}, delivered ${receiver.count('/dead-letters')}`,
        );
      }
      if (performance.now() - requested > 900_000) throw new Error('bulk retry did not finish in 15 minutes');
    }
    const deadTimes = receiver.times('/dead-letters');
    const jobSeconds = (Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000;
    const endToEnd = (deadTimes.at(-1)! - requested) / 1000;
    const deliveryRate = (deadTimes.length - 1) / ((deadTimes.at(-1)! - deadTimes[0]!) / 1000);
    const replays = Number(
      (
        await owner.query('SELECT count(*) AS n FROM deliveries d JOIN deliveries x ON x.id = d.replay_of WHERE x.destination_id = $1', [
          dead.destinationId,
        ])
      ).rows[0].n,
    );
    // FIFO: the replays arrive in the dead letters' order (their positions).
    const order = (
      await owner.query<{ event_id: string }>(
        "SELECT event_id FROM deliveries WHERE destination_id = $1 AND state = 'dead_lettered' ORDER BY position",
        [dead.destinationId],
      )
    ).rows.map((row) => row.event_id);
    const fifo = JSON.stringify(order) === JSON.stringify(receiver.events('/dead-letters'));
    console.log(
      `bulk retry: FIFO kept ${fifo}; ${job.state}, ${job.retried}/${job.total} retried (preview said ${preview.deliveries}), ${replays} replays for ${EVENTS} dead letters; ` +
        `job ${jobSeconds.toFixed(1)} s = ${(job.retried / jobSeconds).toFixed(0)} dead letters queued/s; ` +
        `${deadTimes.length} delivered, request to last delivery ${endToEnd.toFixed(1)} s = ${(deadTimes.length / endToEnd).toFixed(0)} deliveries/s ` +
        `(first to last delivery ${deliveryRate.toFixed(0)}/s); ${polls} progress polls`,
    );
    console.log(`ratio: bulk retry end to end / plain delivery = ${(deadTimes.length / endToEnd / plainRate).toFixed(2)}`);
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
    await relay.server.stop();
    await receiver.close();
    await owner.end();
    await dropRedisPrefix(redis, prefix);
    redis.disconnect();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
