// Figures (ARCHITECTURE.md, webhook-relay; issue 25): deliveries per second across 1,000 destinations with 10
// events each, local receivers: at least 1,000 with one worker process; with two worker processes (issue 45) at
// least 0.95x one's deliveries/s, and at most 1.15x one's PostgreSQL CPU and Redis commands per delivery, in the
// same run: the 2-process round against the mean of the 1-process rounds around it. Starts the relay's API (workers off) to create the destinations and capture the
// events, waits until every delivery's job is queued, then starts the worker processes (node dist/worker.js, as
// in production) and times the backlog from the first delivery to the last. The receivers (one HTTP server,
// a path per destination) deduplicate by webhook-id and check FIFO per destination.
// Run: pnpm bench:webhook-relay:scale (needs pnpm build). BENCH_DESTINATIONS (1000), BENCH_EVENTS (10),
// BENCH_WORKERS (the worker counts to run, in order: "1,2,1"), BENCH_WARMUP_ROUNDS (2, below). One hot destination:
// BENCH_DESTINATIONS=1 BENCH_EVENTS=10000.
//
// The baseline (issue 45) runs in the same run, before and after the relay's rounds: bare-outbox-consumer.ts,
// the least durable work a FIFO delivery needs, with the same shape, the same receivers and the same
// concurrency. The relay's deliveries/s are reported as a ratio of the baseline's mean, with each process's
// CPU per delivery and Redis commands per delivery. BENCH_BASELINE=false leaves the baseline out. Each round also
// prints the ten Redis commands it ran most, per delivery (INFO commandstats).
//
// Both are measured warm, as long-running processes are: the bare consumer and one worker process first deliver
// BENCH_WARMUP_ROUNDS (2) backlogs of the same shape, N worker processes N times as many (so each process sees as
// many deliveries), and the figures are the round after.
// Between rounds the worker processes are stopped (SIGSTOP) while the next backlog is captured and fanned out, and
// continued (SIGCONT) once all its jobs are queued, so every round starts on a whole backlog as the first does. A
// fresh process spends its first seconds compiling (V8's optimizing compilers took 15% of a fresh worker's CPU in
// a round, bench/relay-delivery-scale.md). The first round of each, cold, is printed beside the warm figures.
//
// When the server has pg_stat_statements loaded, each measured round also prints the relay's statements (the
// application role's) with their time per delivery: PostgreSQL's part of the figure, split (lib/postgres-statements.ts).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { cpuBetween, machineStealMs, postgresRole, snapshotCpu, type CpuSnapshot } from '../lib/cpu-by-process.js';
import { formatStatementTimes, PostgresStatements } from '../lib/postgres-statements.js';
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
/** The role the relay's processes connect as (its statements are the ones split by pg_stat_statements). */
const APP_ROLE = 'webhook_relay_app';
const PAD = 'x'.repeat(400);
const WARMUP_ROUNDS = Number(process.env.BENCH_WARMUP_ROUNDS ?? 2);
/** Past the fan-out sweep's margin for subscriptions made just before a capture (10 s). */
const SUBSCRIPTIONS_SETTLE_MS = 11_000;

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
  /** The longest wait between two first arrivals: a stall of the round, wherever it came from. */
  longestGapMs = 0;

  reset(): void {
    for (const order of this.orders) order.length = 0;
    this.seen.clear();
    Object.assign(this, { firstAt: 0, lastAt: 0, delivered: 0, duplicates: 0, longestGapMs: 0, cpuAtFirst: undefined });
  }

  record(destination: number, webhookId: string, seq: number): void {
    if (this.seen.has(webhookId)) {
      this.duplicates += 1;
      return;
    }
    this.seen.add(webhookId);
    const at = performance.now();
    if (!this.firstAt) this.cpuAtFirst = snapshotCpu();
    if (this.firstAt) this.longestGapMs = Math.max(this.longestGapMs, at - this.lastAt);
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

/** Deliveries/s of one round: the first (cold) and the last (warm, after the warm-up rounds). */
interface ColdAndWarm {
  cold: number;
  warm: number;
}

/**
 * The same backlog in the baseline's outbox, delivered by one bare-outbox-consumer.ts process once per round
 * (BENCH_WARMUP_ROUNDS + 1): its deliveries/s cold and warm.
 */
async function runBaseline(receivers: Receivers, receiverUrl: string): Promise<ColdAndWarm> {
  await recreateDatabase(BASELINE_DATABASE);
  const db = new pg.Client({ connectionString: databaseUrl(BASELINE_DATABASE) });
  await db.connect();
  await db.query(OUTBOX_SCHEMA);
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
  const exited = new Promise<number | null>((resolve) => consumer.once('exit', resolve));
  // One JSON line per backlog; its CPU and its PostgreSQL backends' are read while they still exist (an exited
  // process has no /proc entry), so it waits, connections open, until its stdin closes.
  const answers: string[] = [];
  let waiting: ((line: string) => void) | undefined;
  let buffered = '';
  consumer.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      answers.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
    if (waiting && answers.length > 0) {
      const answered = waiting;
      waiting = undefined;
      answered(answers.shift()!);
    }
  });
  const nextAnswer = () =>
    new Promise<string>((resolve, reject) => {
      if (answers.length > 0) return resolve(answers.shift()!);
      waiting = resolve;
      void exited.then((code) => reject(new Error(`the bare outbox consumer exited with ${code} before it finished`)));
    });
  let cold = 0;
  let warm = 0;
  try {
    for (let round = 0; round <= WARMUP_ROUNDS; round += 1) {
      for (let seq = 0; seq < EVENTS; seq += 1) {
        const payload = JSON.stringify({ round: `bare-${round}`, seq, pad: PAD });
        await db.query('INSERT INTO outbox (destination, payload) SELECT d, $2 FROM generate_series(0, $1 - 1) AS d', [
          DESTINATIONS,
          payload,
        ]);
      }
      receivers.reset();
      const before = snapshotCpu();
      consumer.stdin.write('go\n');
      const answer = await nextAnswer();
      const after = snapshotCpu();
      const seconds = (receivers.lastAt - receivers.firstAt) / 1000;
      const perSecond = receivers.delivered / seconds;
      if (round === 0) cold = perSecond;
      if (round === WARMUP_ROUNDS) warm = perSecond;
      const label = round === 0 ? 'cold' : round === WARMUP_ROUNDS ? 'warm' : `warm-up round ${round}`;
      if (round > 0 && round < WARMUP_ROUNDS) {
        console.log(`bare outbox consumer, ${label}: ${perSecond.toFixed(0)} deliveries/s`);
        continue;
      }
      const cpu = cpuBetween(receivers.cpuAtFirst ?? before, after, (pid, name) =>
        pid === consumer.pid ? 'bare consumer' : pid === process.pid ? 'receivers (bench)' : name,
      );
      const postgresRoles = postgresByRole(receivers.cpuAtFirst ?? before, after, receivers.delivered);
      const expected = EVENTS * DESTINATIONS;
      console.log(
        `bare outbox consumer, ${label}: ${receivers.delivered}/${expected} deliveries in ${seconds.toFixed(2)} s = ${perSecond.toFixed(0)} deliveries/s (its own count: ${JSON.parse(answer).delivered}); FIFO held on every destination: ${receivers.fifoHeld()}; repeats: ${receivers.duplicates}`,
      );
      console.log(`  CPU per delivery (from the first delivery): ${cpuPerDelivery(cpu, receivers.delivered)}`);
      console.log(`  PostgreSQL's part, by process: ${postgresRoles}`);
    }
  } finally {
    consumer.stdin.end();
    await db.end();
  }
  const code = await exited;
  if (code !== 0) throw new Error(`the bare outbox consumer exited with ${code}`);
  return { cold, warm };
}

async function redisCommands(redis: Redis): Promise<number> {
  const stats = await redis.info('stats');
  return Number(/total_commands_processed:(\d+)/.exec(stats)?.[1] ?? 0);
}

/** Calls per Redis command so far (INFO commandstats: a script's own calls count under their commands, and under evalsha). */
async function redisCommandCalls(redis: Redis): Promise<Map<string, number>> {
  const calls = new Map<string, number>();
  for (const match of (await redis.info('commandstats')).matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(match[1]!, Number(match[2]));
  return calls;
}

/** The commands a round ran most, per delivery: "evalsha 2.0, zadd 1.1, ...". */
function topCommandsPerDelivery(before: Map<string, number>, after: Map<string, number>, delivered: number, count: number): string {
  return [...after]
    .map(([name, calls]) => [name, (calls - (before.get(name) ?? 0)) / Math.max(1, delivered)] as const)
    .filter(([, perDelivery]) => perDelivery >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, perDelivery]) => `${name} ${perDelivery.toFixed(2)}`)
    .join(', ');
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
  const statements = await PostgresStatements.open(databaseUrl('postgres'));
  const receivers = new Receivers();
  const receiver = await startReceivers(receivers);
  const workers: RunningServer[] = [];
  const results: RoundResult[] = [];
  const coldResults: RoundResult[] = [];
  const baselines: ColdAndWarm[] = [];
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
    // The fan-out sweep fans an event out again when a subscription of its endpoint was made within 10 s before its
    // capture (relay_events_to_fan_out: a subscription racing a capture). Steady state is what this measures.
    await sleep(SUBSCRIPTIONS_SETTLE_MS);
    const queuedJobs = async () => {
      const pipeline = redis.pipeline();
      for (const id of destinationIds) pipeline.llen(`${prefix}:destination-${id}:wait`);
      const answers = (await pipeline.exec()) ?? [];
      return answers.reduce((sum, [, count]) => sum + Number(count), 0);
    };

    if (BASELINE) baselines.push(await runBaseline(receivers, receiver.url));
    let backlog = 0;
    for (const count of WORKER_COUNTS) {
      const processes = `${count} worker process${count === 1 ? '' : 'es'}`;
      // As many backlogs per process as one process warms up on: each process of several sees its share of each.
      const warmups = WARMUP_ROUNDS * count;
      for (let round = 0; round <= warmups; round += 1) {
        // Stopped while the next backlog is captured and fanned out: they start on all of it, as fresh ones do.
        for (const worker of workers) process.kill(worker.pid!, 'SIGSTOP');
        receivers.reset();
        // The backlog: EVENTS events captured in order, each fanned out to every destination.
        for (let seq = 0; seq < EVENTS; seq += 1) {
          const response = await fetch(ingestUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ backlog, seq, pad: PAD }),
          });
          if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
        }
        backlog += 1;
        const expected = EVENTS * DESTINATIONS;
        const queuedBy = Date.now() + 120_000;
        while ((await queuedJobs()) < expected && Date.now() < queuedBy) await sleep(250);

        const cpuBefore: CpuSnapshot = snapshotCpu();
        const stealBefore = machineStealMs();
        const commandsBefore = await redisCommands(redis);
        const callsBefore = await redisCommandCalls(redis);
        await statements?.reset();
        if (workers.length > 0) for (const worker of workers) process.kill(worker.pid!, 'SIGCONT');
        else workers.push(...(await startWorkers({ count, database: DATABASE, env: shared, logName: `relay-scale-worker-${count}` })));
        const deadline = Date.now() + 300_000;
        while (receivers.delivered < expected && Date.now() < deadline) await sleep(50);
        const commands = (await redisCommands(redis)) - commandsBefore;
        const callsAfter = await redisCommandCalls(redis);
        const workerPids = new Set(workers.map((worker) => worker.pid));
        const cpuAfter = snapshotCpu();
        const seconds = (receivers.lastAt - receivers.firstAt) / 1000;
        const perSecond = receivers.delivered / seconds;
        const label = round === 0 ? 'cold' : round === warmups ? 'warm' : `warm-up round ${round}`;
        // A round that stalled (seconds without a delivery) says so, with what the hypervisor took meanwhile.
        const stalls = `longest wait between two deliveries ${receivers.longestGapMs.toFixed(0)} ms, the machine's steal time ${((machineStealMs() - stealBefore) / 1000).toFixed(1)} s`;
        if (round > 0 && round < warmups) {
          console.log(`${processes}, ${label}: ${perSecond.toFixed(0)} deliveries/s (${stalls})`);
          continue;
        }
        const cpu = cpuBetween(receivers.cpuAtFirst ?? cpuBefore, cpuAfter, (pid, name) =>
          workerPids.has(pid) ? 'workers' : pid === process.pid ? 'receivers (bench)' : pid === relay.server.pid ? 'api' : name,
        );
        const postgresRoles = postgresByRole(receivers.cpuAtFirst ?? cpuBefore, cpuAfter, receivers.delivered);
        const postgresUs = ((cpu.get('postgres') ?? 0) * 1000) / Math.max(1, receivers.delivered);
        const redisPerDelivery = commands / Math.max(1, receivers.delivered);
        const result = { workers: count, perSecond, postgresUs, redisCommands: redisPerDelivery };
        (round === 0 ? coldResults : results).push(result);
        console.log(
          `${processes}, ${label}: ${receivers.delivered}/${expected} deliveries to ${DESTINATIONS} destinations in ${seconds.toFixed(2)} s = ${perSecond.toFixed(0)} deliveries/s; FIFO held on every destination: ${receivers.fifoHeld()}; repeats (at-least-once): ${receivers.duplicates}`,
        );
        console.log(
          `  CPU per delivery (from the first delivery): ${cpuPerDelivery(cpu, receivers.delivered)}; Redis commands per delivery: ${redisPerDelivery.toFixed(1)}`,
        );
        console.log(`  Redis commands per delivery, most run: ${topCommandsPerDelivery(callsBefore, callsAfter, receivers.delivered, 10)}`);
        console.log(`  Stalls: ${stalls}`);
        console.log(`  PostgreSQL's part, by process: ${postgresRoles}`);
        if (statements) {
          const split = formatStatementTimes(await statements.of(APP_ROLE, 6), receivers.delivered, 'delivery');
          console.log(
            `  PostgreSQL's part, by statement (pg_stat_statements, wall time):\n${split.map((line) => `    ${line}`).join('\n')}`,
          );
        }
      }
      await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    }
    if (BASELINE) baselines.push(await runBaseline(receivers, receiver.url));
    // With BENCH_WORKERS=1,2,1 the 2-process round is compared with the mean of the 1-process rounds around it:
    // the machine drifts within a run, and one side alone would carry that drift into the ratio. Warm rounds only.
    const one = meanOfRounds(results.filter((result) => result.workers === 1));
    const two = meanOfRounds(results.filter((result) => result.workers === 2));
    const coldOne = meanOfRounds(coldResults.filter((result) => result.workers === 1));
    if (one) console.log(`one worker process, warm (mean of its rounds): ${one.perSecond.toFixed(0)} deliveries/s (target >= 1000)`);
    if (one && coldOne && baselines.length > 0) {
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      const warm = baselines.map((baseline) => baseline.warm);
      const cold = baselines.map((baseline) => baseline.cold);
      console.log(
        `relay (one worker process, ${one.perSecond.toFixed(0)} deliveries/s) vs the bare outbox consumer (${warm.map((value) => value.toFixed(0)).join(' and ')} in its rounds), both warm: ${(one.perSecond / mean(warm)).toFixed(2)}x (target >= 0.6x)`,
      );
      console.log(
        `  both cold, each process's first backlog (relay ${coldOne.perSecond.toFixed(0)} deliveries/s, the bare consumer ${cold.map((value) => value.toFixed(0)).join(' and ')}): ${(coldOne.perSecond / mean(cold)).toFixed(2)}x`,
      );
    }
    if (one && two) {
      console.log(`two worker processes vs one: ${(two.perSecond / one.perSecond).toFixed(2)}x deliveries/s (target >= 0.95x)`);
      console.log(
        `  PostgreSQL CPU per delivery ${(two.postgresUs / Math.max(1, one.postgresUs)).toFixed(2)}x, Redis commands per delivery ${(two.redisCommands / Math.max(0.001, one.redisCommands)).toFixed(2)}x of one process (target <= 1.15x)`,
      );
    }
  } finally {
    // A worker stopped between rounds would not see the signal that ends it.
    for (const worker of workers) process.kill(worker.pid!, 'SIGCONT');
    await Promise.all(workers.map((worker) => worker.stop()));
    await receiver.close();
    await relay.server.stop();
    await dropRedisPrefix(redis, prefix);
    redis.disconnect();
    await statements?.close();
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
