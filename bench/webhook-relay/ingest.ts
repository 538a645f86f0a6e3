// Figure: durably captured requests per second, 64 concurrent senders, webhook-relay's ingest vs a
// bare Node http handler doing one INSERT + COMMIT per request, in the same run. Target (ARCHITECTURE.md):
// at least 1.5x, with every 2xx durable: after each round the rows stored are counted against the
// 200s answered. Run: pnpm bench:webhook-relay (needs pnpm build).
// Each round measures three in turn: the bare handler; webhook-relay capturing for an endpoint without a
// provider (capture alone, like for like with the bare handler: the figure); and webhook-relay capturing
// for a Stripe endpoint, where every event is also verified after its commit (more work than the bare
// handler does; its ratio is printed beside the figure).
// Issue 45 adds the practical limit as a second baseline in the same rounds: batched-ingest.ts, a bare
// handler gathering concurrent requests into multi-row INSERT commits (4 in flight). Target: capture at least
// 1.0x it, and verification costing at most 10% on top (relay + verification at least 0.9x capture alone).
// Environment: BENCH_DATABASE_SERVER_URL, BENCH_SECONDS (10 per round), BENCH_ROUNDS (5), BENCH_LOADGEN
// (autocannon, the default, or wrk).
import { createHmac, randomBytes } from 'node:crypto';
import pg from 'pg';
import { cpuBetween, snapshotCpu } from '../lib/cpu-by-process.js';
import { runLoad, type LoadResult } from '../lib/load.js';
import { runWrkLoad, wrkAvailable } from '../lib/wrk-load.js';
import { freePort, startServer, type RunningServer } from '../lib/processes.js';
import { databaseUrl, logDir, recreateDatabase, repoRoot, startRelay } from './relay-server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const SENDERS = 64;
const TARGET = 1.5;
const API_KEY = `whk_bench_${'0'.repeat(24)}`;

// A typical provider delivery: a JSON event of ~600 bytes with its signature headers, a new event
// (its own id, so its own payload) on every request.
const eventBody = (id: number) =>
  JSON.stringify({
    id: `evt_1NvJk2LkdIwHu7ix${id}`,
    type: 'invoice.payment_succeeded',
    created: 1700000000,
    data: {
      object: {
        id: 'in_1NvJk2',
        amount_paid: 4200,
        currency: 'eur',
        customer: 'cus_OjQ8',
        lines: [{ id: 'il_1', amount: 4200, description: 'Pro plan' }],
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_abc', idempotency_key: 'a8f1c2' },
  });
// Signed as Stripe signs (HMAC-SHA256 over `{t}.{body}`) at the start of the run, so webhook-relay verifies
// every request after capturing it, as it would in production.
const STRIPE_SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const SIGNED_AT = Math.floor(Date.now() / 1000);
let sent = 0;
function nextRequest(): { body: string; headers: Record<string, string> } {
  const body = eventBody((sent += 1));
  const signature = createHmac('sha256', STRIPE_SECRET).update(`${SIGNED_AT}.${body}`).digest('hex');
  return {
    body,
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${SIGNED_AT},v1=${signature}`, 'user-agent': 'Stripe/1.0' },
  };
}

async function count(database: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl(database) });
  await client.connect();
  const { rows } = await client.query(sql);
  await client.end();
  return Number(rows[0].n);
}

interface BenchEndpoint {
  id: string;
  ingestUrl: string;
}

async function startCaptureRelay(): Promise<{ server: RunningServer; capture: BenchEndpoint; verified: BenchEndpoint }> {
  const { server, post } = await startRelay({ database: 'webhook_relay_bench', apiKey: API_KEY, logName: 'webhook-relay' });
  const capture = await post('/v1/endpoints', { name: 'capture', provider: null });
  const verified = await post('/v1/endpoints', { name: 'stripe', provider: 'stripe' });
  await post(`/v1/endpoints/${verified.id}/secrets`, { secret: STRIPE_SECRET });
  return {
    server,
    capture: { id: capture.id, ingestUrl: capture.ingest_url },
    verified: { id: verified.id, ingestUrl: verified.ingest_url },
  };
}

// The server's WAL written (bytes, full-page images) since it started: per round, what each request cost in log.
async function walCounters(): Promise<{ bytes: number; fpi: number }> {
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  const { rows } = await client.query('SELECT wal_bytes::float8 AS bytes, wal_fpi::float8 AS fpi FROM pg_stat_wal');
  await client.end();
  return { bytes: Number(rows[0].bytes), fpi: Number(rows[0].fpi) };
}

interface BenchSystem {
  name: string;
  pid: number | undefined;
  url: string;
  database: string;
  countSql: string;
  load: (url: string, seconds: number) => Promise<LoadResult & { ok2xx: number }>;
  results: number[];
}

const autocannonLoad = (url: string, forSeconds: number) =>
  runLoad({ url, connections: SENDERS, seconds: forSeconds, method: 'POST', nextRequest });
let wrkRuns = 0;
const RUN_PREFIX = randomBytes(3).toString('hex');
// The same body as eventBody, with the request's number filled in by wrk; each run's numbers get their own prefix.
const wrkLoad = (url: string, forSeconds: number) =>
  runWrkLoad({
    url,
    connections: SENDERS,
    seconds: forSeconds,
    bodyTemplate: eventBody(0).replace('ix0"', 'ix%d"'),
    headers: nextRequest().headers,
    runId: `${RUN_PREFIX}r${(wrkRuns += 1)}n`,
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  await recreateDatabase('webhook_relay_bare_bench');
  const relay = await startCaptureRelay();
  const barePort = await freePort();
  const bare = await startServer({
    command: process.execPath,
    args: ['--import', 'tsx', 'webhook-relay/bare-ingest.ts'],
    cwd: `${repoRoot}bench`,
    env: { ...process.env, PORT: String(barePort), DATABASE_URL: databaseUrl('webhook_relay_bare_bench'), POOL_SIZE: '16' },
    port: barePort,
    readyPath: '/healthz',
    logFile: `${logDir}/bare-ingest.log`,
  });
  await recreateDatabase('webhook_relay_batched_bench');
  const batchedPort = await freePort();
  const batched = await startServer({
    command: process.execPath,
    args: ['--import', 'tsx', 'webhook-relay/batched-ingest.ts'],
    cwd: `${repoRoot}bench`,
    env: { ...process.env, PORT: String(batchedPort), DATABASE_URL: databaseUrl('webhook_relay_batched_bench') },
    port: batchedPort,
    readyPath: '/healthz',
    logFile: `${logDir}/batched-ingest.log`,
  });
  const relayEvents = (endpoint: BenchEndpoint) => `SELECT count(*) AS n FROM events WHERE endpoint_id = '${endpoint.id}'`;
  const bareCount = 'SELECT count(*) AS n FROM bare_captures';
  // BENCH_LOADGEN=wrk: the figure's two systems get their load from wrk (lib/wrk-load.ts), which takes
  // almost no CPU from the servers. The verified endpoint needs a Stripe signature computed per request,
  // which wrk cannot make, so it and the bare handler it is compared with stay on autocannon.
  const useWrk = process.env.BENCH_LOADGEN === 'wrk';
  if (useWrk && !wrkAvailable()) throw new Error('BENCH_LOADGEN=wrk needs wrk (apt-get install wrk)');
  const figureLoad = useWrk ? wrkLoad : autocannonLoad;
  const systems: BenchSystem[] = [
    {
      name: 'bare INSERT+COMMIT',
      pid: bare.pid,
      url: `${bare.url}/capture`,
      database: 'webhook_relay_bare_bench',
      countSql: bareCount,
      load: figureLoad,
      results: [],
    },
    {
      name: 'bare batched commits',
      pid: batched.pid,
      url: `${batched.url}/capture`,
      database: 'webhook_relay_batched_bench',
      countSql: bareCount,
      load: figureLoad,
      results: [],
    },
    {
      name: 'webhook-relay',
      pid: relay.server.pid,
      url: relay.capture.ingestUrl,
      database: 'webhook_relay_bench',
      countSql: relayEvents(relay.capture),
      load: figureLoad,
      results: [],
    },
    ...(useWrk
      ? [
          {
            name: 'bare (autocannon)',
            pid: bare.pid,
            url: `${bare.url}/capture`,
            database: 'webhook_relay_bare_bench',
            countSql: bareCount,
            load: autocannonLoad,
            results: [],
          },
        ]
      : []),
    {
      name: 'relay + verification',
      pid: relay.server.pid,
      url: relay.verified.ingestUrl,
      database: 'webhook_relay_bench',
      countSql: relayEvents(relay.verified),
      load: autocannonLoad,
      results: [],
    },
  ];
  console.log(
    `load generator: ${useWrk ? 'wrk for the figure, autocannon for the verified endpoint and its own bare baseline' : 'autocannon'}`,
  );
  try {
    for (const system of systems) await system.load(system.url, 3);
    for (let round = 1; round <= rounds; round += 1) {
      for (const system of systems) {
        const before = await count(system.database, system.countSql);
        const walBefore = await walCounters();
        const cpuBefore = snapshotCpu();
        const result = await system.load(system.url, seconds);
        const cpu = cpuBetween(cpuBefore, snapshotCpu(), (pid, name) =>
          pid === process.pid ? 'load generator' : pid === system.pid ? `${system.name} (node)` : name,
        );
        const stored = (await count(system.database, system.countSql)) - before;
        const wal = await walCounters();
        console.log(
          `${`${system.name} #${round}`.padEnd(24)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms  2xx ${result.ok2xx}  stored ${stored}  non-2xx ${result.non2xx}  errors ${result.errors}`,
        );
        const perRequest = [...cpu]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([name, ms]) => `${name} ${((ms * 1000) / Math.max(1, result.ok2xx)).toFixed(0)} us`);
        console.log(`${''.padEnd(24)} CPU per request: ${perRequest.join(', ')}`);
        const perStored = (value: number) => (value / Math.max(1, stored)).toFixed(value === wal.fpi - walBefore.fpi ? 2 : 0);
        console.log(
          `${''.padEnd(24)} WAL per request: ${perStored(wal.bytes - walBefore.bytes)} bytes, ${perStored(wal.fpi - walBefore.fpi)} full-page images`,
        );
        if (stored < result.ok2xx)
          throw new Error(`${system.name}: ${result.ok2xx} requests were answered 2xx but only ${stored} are stored`);
        system.results.push(result.requestsPerSecond);
      }
    }
    await reportVerification();
    const medianOf = (name: string) => median(systems.find((system) => system.name === name)!.results);
    const [baseline, ours, verified] = [medianOf('bare INSERT+COMMIT'), medianOf('webhook-relay'), medianOf('relay + verification')];
    const batchedLimit = medianOf('bare batched commits');
    const verifiedBaseline = useWrk ? medianOf('bare (autocannon)') : baseline;
    const ratio = ours / baseline;
    console.log(`\nmedian: webhook-relay ${ours.toFixed(0)} req/s, bare INSERT+COMMIT ${baseline.toFixed(0)} req/s; every 2xx was stored`);
    console.log(
      `with every event also verified (Stripe endpoint, autocannon): ${verified.toFixed(0)} req/s, ${(verified / verifiedBaseline).toFixed(2)}x the bare handler under the same load generator`,
    );
    console.log(`ratio ${ratio.toFixed(2)}x (target >= ${TARGET}x) ${ratio >= TARGET ? 'PASS' : 'FAIL'}`);
    console.log(
      `against the batched-commit limit (${batchedLimit.toFixed(0)} req/s): capture ${(ours / batchedLimit).toFixed(2)}x (target >= 1.0x); verification costs ${((1 - verified / ours) * 100).toFixed(1)}% of capture's rate (target <= 10%)`,
    );
    process.exitCode = ratio >= TARGET ? 0 : 1;
  } finally {
    await relay.server.stop();
    await bare.stop();
    await batched.stop();
  }
}

// Verification runs after each commit, off the request path: say how far behind capture it was when the
// load stopped, and how long it took to catch up (every captured event with its result).
async function reportVerification(): Promise<void> {
  const backlogSql =
    'SELECT count(*) AS n FROM events e WHERE e.to_verify AND NOT EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = e.id)';
  const started = Date.now();
  const atStop = await count('webhook_relay_bench', backlogSql);
  let backlog = atStop;
  while (backlog > 0 && Date.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    backlog = await count('webhook_relay_bench', backlogSql);
  }
  const verified = await count('webhook_relay_bench', "SELECT count(*) AS n FROM event_checks WHERE state = 'verified'");
  const captured = await count('webhook_relay_bench', 'SELECT count(*) AS n FROM events');
  console.log(
    `webhook-relay verification: ${atStop} events still unchecked when the load stopped, ${backlog} after ${((Date.now() - started) / 1000).toFixed(1)} s; ${verified} of ${captured} captured events verified`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
