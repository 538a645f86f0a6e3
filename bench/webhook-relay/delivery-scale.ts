// Figures (ARCHITECTURE.md, webhook-relay; issue 25): deliveries per second across 1,000 destinations with 10
// events each, local receivers: at least 1,000 with one worker process; with two worker processes (issue 45) at
// least 0.95x one's deliveries/s, and at most 1.15x one's PostgreSQL CPU and Redis commands per delivery, in the
// same run: the 2-process round against the mean of the 1-process rounds around it. Starts the relay's API (workers off) to create the destinations and capture the
// events, waits until every delivery's job is queued, then starts the worker processes (node dist/worker.js, as
// in production) and times the backlog from the first delivery to the last. The receivers (one HTTP server,
// a path per destination) deduplicate by webhook-id and check FIFO per destination.
// Run: pnpm bench:webhook-relay:scale (needs pnpm build). BENCH_DESTINATIONS (1000), BENCH_EVENTS (10),
// BENCH_WORKERS (the worker counts to run, in order: "1,2,1"). One hot destination: BENCH_DESTINATIONS=1
// BENCH_EVENTS=10000.
//
// The baseline (issue 45) runs in the same run, before and after the relay's rounds: bare-outbox-consumer.ts,
// the least durable work a FIFO delivery needs, with the same shape, the same receivers and the same
// concurrency. The relay's deliveries/s are reported as a ratio of the baseline's mean, with each process's
// CPU per delivery and Redis commands per delivery. BENCH_BASELINE=false leaves it out.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { cpuBetween, postgresRole, snapshotCpu, type CpuSnapshot } from '../lib/cpu-by-process.js';
import type { RunningServer } from '../lib/processes.js';
import { OUTBOX_SCHEMA } from './bare-outbox-consumer.js';
import { databaseUrl, dropRedisPrefix, inParallel, recreateDatabase, relayProcessEnv, startRelay, startWorkers } from './relay-server.js';

const DESTINATIONS = Number(process.env.BENCH_DESTINATIONS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2,1').split(',').map(Number);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'bench_relay_scale';
const API_KEY = `whk_bench_${randomBytes(12).toString('hex')}`;
const CREATE_CONCURRENCY = 16;
const BASELINE = process.env.BENCH_BASELINE !== 'false';
const BASELINE_DATABASE = 'bench_bare_outbox';
// The relay's default RELAY_DELIVERY_CONCURRENCY.
const CONCURRENCY = Number(process.env.RELAY_DELIVERY_CONCURRENCY ?? 32);
const PAD = 'x'.repeat(400);

/** Per destination: the `seq` of each first arrival (repeats of a webhook-id are left out), in arrival order. */
class Receivers {
  readonly orders: number[][] = Array.from({ length: DESTINATIONS }, () => []);
  private readonly seen = new Set<string>();
  firstAt = 0;
  lastAt = 0;
  /** Every process's CPU at the first delivery: what a worker spent starting up is not counted per delivery. */
  cpuAtFirst: CpuSnapshot | undefined;
  delivered = 0;
  duplicates = 0;

  reset(): void {
    for (const order of this.orders) order.length = 0;
    this.seen.clear();
    Object.assign(this, { firstAt: 0, lastAt: 0, delivered: 0, duplicates: 0, cpuAtFirst: undefined });
  }

  record(destination: number, webhookId: string, seq: number): void {
    if (this.seen.has(webhookId)) {
      this.duplicates += 1;
      return;
    }
    this.seen.add(webhookId);
    const at = performance.now();
    if (!this.firstAt) this.cpuAtFirst = snapshotCpu();
    this.firstAt ||= at;
    this.lastAt = at;
    this.delivered += 1;
    this.orders[destination]!.push(seq);
  }

  fifoHeld(): boolean {
    return this.orders.every((order) => order.every((seq, index) => index === 0 || seq > order[index - 1]!));
  }
}

async function startReceivers(receivers: Receivers) {
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const destination = Number(req.url!.slice('/d/'.length));
      const { seq } = JSON.parse(Buffer.concat(chunks).toString()) as { seq: number };
      receivers.record(destination, String(req.headers['webhook-id']), seq);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The top five processes' CPU per delivery, e.g. "workers 1444 us, postgres 572 us". */
function cpuPerDelivery(cpu: Map<string, number>, delivered: number): string {
  return [...cpu]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, ms]) => `${name} ${((ms * 1000) / Math.max(1, delivered)).toFixed(0)} us`)
    .join(', ');
}

/** PostgreSQL's CPU per delivery by what its processes do (client backends by role, the WAL writer, ...). */
function postgresByRole(from: CpuSnapshot, to: CpuSnapshot, delivered: number): string {
  const byRole = cpuBetween(from, to, (pid, name) => (name === 'postgres' ? (postgresRole(pid) ?? 'other') : ''));
  byRole.delete('');
  return cpuPerDelivery(byRole, delivered);
}

/** The same backlog in the baseline's outbox, delivered by bare-outbox-consumer.ts; its deliveries/s. */
async function runBaseline(receivers: Receivers, receiverUrl: string): Promise<number> {
  await recreateDatabase(BASELINE_DATABASE);
  const db = new pg.Client({ connectionString: databaseUrl(BASELINE_DATABASE) });
  await db.connect();
  await db.query(OUTBOX_SCHEMA);
  for (let seq = 0; seq < EVENTS; seq += 1) {
    const payload = JSON.stringify({ round: 'bare', seq, pad: PAD });
    await db.query('INSERT INTO outbox (destination, payload) SELECT d, $2 FROM generate_series(0, $1 - 1) AS d', [DESTINATIONS, payload]);
  }
  await db.end();
  receivers.reset();
  const before = snapshotCpu();
  const consumer = spawn(process.execPath, [fileURLToPath(new URL('./bare-outbox-consumer.ts', import.meta.url))], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl(BASELINE_DATABASE),
      RECEIVER_URL: receiverUrl,
      BARE_CONCURRENCY: String(CONCURRENCY),
      BARE_SECRET: randomBytes(24).toString('base64'),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => consumer.once('exit', resolve));
  // It prints its line when done and waits, connections open, until its stdin closes: its CPU and its PostgreSQL
  // backends' are read while they still exist (an exited process has no /proc entry).
  await new Promise<void>((resolve, reject) => {
    consumer.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve();
    });
    void exited.then((code) => reject(new Error(`the bare outbox consumer exited with ${code} before it finished`)));
  });
  const after = snapshotCpu();
  const cpu = cpuBetween(receivers.cpuAtFirst ?? before, after, (pid, name) =>
    pid === consumer.pid ? 'bare consumer' : pid === process.pid ? 'receivers (bench)' : name,
  );
  const postgresRoles = postgresByRole(receivers.cpuAtFirst ?? before, after, receivers.delivered);
  consumer.stdin.end();
  const code = await exited;
  if (code !== 0) throw new Error(`the bare outbox consumer exited with ${code}`);
  const seconds = (receivers.lastAt - receivers.firstAt) / 1000;
  const perSecond = receivers.delivered / seconds;
  const expected = EVENTS * DESTINATIONS;
  console.log(
    `bare outbox consumer: ${receivers.delivered}/${expected} deliveries in ${seconds.toFixed(2)} s = ${perSecond.toFixed(0)} deliveries/s (its own count: ${JSON.parse(output).delivered}); FIFO held on every destination: ${receivers.fifoHeld()}; repeats: ${receivers.duplicates}`,
  );
  console.log(`  CPU per delivery (from the first delivery): ${cpuPerDelivery(cpu, receivers.delivered)}`);
  console.log(`  PostgreSQL's part, by process: ${postgresRoles}`);
  return perSecond;
}

async function redisCommands(redis: Redis): Promise<number> {
  const stats = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(stats)?.[1] ?? 0);
}

async function main(): Promise<void> {
  const prefix = `bench-scale-${randomBytes(4).toString('hex')}`;
  const shared = relayProcessEnv(prefix, REDIS_URL);
  const relay = await startRelay({
    database: DATABASE,
    apiKey: API_KEY,
    logName: 'relay-scale-api',
    env: { ...shared, RELAY_WORKERS_IN_PROCESS: 'false' },
  });
  const redis = new Redis(REDIS_URL);
  const receivers = new Receivers();
  const receiver = await startReceivers(receivers);
  const workers: RunningServer[] = [];
  const results: RoundResult[] = [];
  const baselines: number[] = [];
  try {
    const endpoint = await relay.post('/v1/endpoints', { name: 'scale' });
    const ingestUrl = `http://127.0.0.1:${relay.ingestPort}${new URL(endpoint.ingest_url).pathname}`;
    const destinationIds: string[] = [];
    const created = Date.now();
    await inParallel(DESTINATIONS, CREATE_CONCURRENCY, async (index) => {
      const destination = await relay.post('/v1/destinations', { name: `scale-${index}`, url: `${receiver.url}/d/${index}` });
      await relay.post('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
      destinationIds[index] = destination.id;
    });
    console.log(`created ${DESTINATIONS} destinations with a subscription each in ${((Date.now() - created) / 1000).toFixed(1)} s`);
    const queuedJobs = async () => {
      const pipeline = redis.pipeline();
      for (const id of destinationIds) pipeline.llen(`${prefix}:destination-${id}:wait`);
      const answers = (await pipeline.exec()) ?? [];
      return answers.reduce((sum, [, count]) => sum + Number(count), 0);
    };

    if (BASELINE) baselines.push(await runBaseline(receivers, receiver.url));
    for (const [round, count] of WORKER_COUNTS.entries()) {
      receivers.reset();
      // The backlog: EVENTS events captured in order, each fanned out to every destination.
      for (let seq = 0; seq < EVENTS; seq += 1) {
        const response = await fetch(ingestUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ round, seq, pad: PAD }),
        });
        if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
      }
      const expected = EVENTS * DESTINATIONS;
      const queuedBy = Date.now() + 120_000;
      while ((await queuedJobs()) < expected && Date.now() < queuedBy) await sleep(250);

      const cpuBefore: CpuSnapshot = snapshotCpu();
      const commandsBefore = await redisCommands(redis);
      workers.push(...(await startWorkers({ count, database: DATABASE, env: shared, logName: `relay-scale-worker-${count}` })));
      const deadline = Date.now() + 300_000;
      while (receivers.delivered < expected && Date.now() < deadline) await sleep(50);
      const commands = (await redisCommands(redis)) - commandsBefore;
      const workerPids = new Set(workers.map((worker) => worker.pid));
      const cpuAfter = snapshotCpu();
      const cpu = cpuBetween(receivers.cpuAtFirst ?? cpuBefore, cpuAfter, (pid, name) =>
        workerPids.has(pid) ? 'workers' : pid === process.pid ? 'receivers (bench)' : pid === relay.server.pid ? 'api' : name,
      );
      const postgresRoles = postgresByRole(receivers.cpuAtFirst ?? cpuBefore, cpuAfter, receivers.delivered);
      const seconds = (receivers.lastAt - receivers.firstAt) / 1000;
      const perSecond = receivers.delivered / seconds;
      const postgresUs = ((cpu.get('postgres') ?? 0) * 1000) / Math.max(1, receivers.delivered);
      const redisPerDelivery = commands / Math.max(1, receivers.delivered);
      results.push({ workers: count, perSecond, postgresUs, redisCommands: redisPerDelivery });
      console.log(
        `${count} worker process${count === 1 ? '' : 'es'}: ${receivers.delivered}/${expected} deliveries to ${DESTINATIONS} destinations in ${seconds.toFixed(2)} s = ${perSecond.toFixed(0)} deliveries/s; FIFO held on every destination: ${receivers.fifoHeld()}; repeats (at-least-once): ${receivers.duplicates}`,
      );
      console.log(
        `  CPU per delivery (from the first delivery): ${cpuPerDelivery(cpu, receivers.delivered)}; Redis commands per delivery: ${redisPerDelivery.toFixed(1)}`,
      );
      console.log(`  PostgreSQL's part, by process: ${postgresRoles}`);
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    }
    if (BASELINE) baselines.push(await runBaseline(receivers, receiver.url));
    // With BENCH_WORKERS=1,2,1 the 2-process round is compared with the mean of the 1-process rounds around it:
    // the machine drifts within a run, and one side alone would carry that drift into the ratio.
    const one = meanOfRounds(results.filter((result) => result.workers === 1));
    const two = meanOfRounds(results.filter((result) => result.workers === 2));
    if (one) console.log(`one worker process (mean of its rounds): ${one.perSecond.toFixed(0)} deliveries/s (target >= 1000)`);
    if (one && baselines.length > 0) {
      const baseline = baselines.reduce((sum, value) => sum + value, 0) / baselines.length;
      console.log(
        `relay (one worker process) vs the bare outbox consumer (${baselines.map((value) => value.toFixed(0)).join(' and ')} deliveries/s): ${(one.perSecond / baseline).toFixed(2)}x (target >= 0.6x)`,
      );
    }
    if (one && two) {
      console.log(`two worker processes vs one: ${(two.perSecond / one.perSecond).toFixed(2)}x deliveries/s (target >= 0.95x)`);
      console.log(
        `  PostgreSQL CPU per delivery ${(two.postgresUs / Math.max(1, one.postgresUs)).toFixed(2)}x, Redis commands per delivery ${(two.redisCommands / Math.max(0.001, one.redisCommands)).toFixed(2)}x of one process (target <= 1.15x)`,
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

interface RoundResult {
  workers: number;
  perSecond: number;
  postgresUs: number;
  redisCommands: number;
}

/** The rounds' figures averaged; undefined when there are none. */
function meanOfRounds(rounds: RoundResult[]): RoundResult | undefined {
  if (rounds.length === 0) return undefined;
  const mean = (figure: (round: RoundResult) => number) => rounds.reduce((sum, round) => sum + figure(round), 0) / rounds.length;
  return {
    workers: rounds[0]!.workers,
    perSecond: mean((round) => round.perSecond),
    postgresUs: mean((round) => round.postgresUs),
    redisCommands: mean((round) => round.redisCommands),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
