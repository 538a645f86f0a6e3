// Figures (issue 29, services/webhook-relay/docs/retention.md): with BENCH_EVENTS (5,000,000) events stored across
// 30 days, (1) capture rate at least 0.9x the same load on an empty database, (2) removing one day's expired
// events takes under 1 s of database time, (3) after the purge, disk use is within 10% of the live data.
// Run: pnpm bench:webhook-relay:retention (needs pnpm build).
//
// 1. A relay (node dist/server.js, the scale plan kept 30 days) gets 30 days of events written by set-based SQL as
//    the owner (not through HTTP): per day BENCH_EVENTS / 30 events with their own ~550-byte payloads, ids UUIDv7
//    of their receipt time, in time order (as capture writes them); then VACUUM ANALYZE (as autovacuum would
//    have) and a CHECKPOINT (the fill's dirty pages are not written during the measured rounds).
// 2. A second relay on an empty database. Both capture for an endpoint without a provider, 64 senders, in
//    alternating rounds of BENCH_SECONDS (BENCH_ROUNDS each): the ratio of the medians is figure 1.
// 3. One tenant is added on each other plan (every plan's cursor then reads events), a first pass runs at the
//    fill's time (each plan reads its backlog once; nothing has expired), then the clock moves on one day:
//    relay_purge_expired_events and relay_purge_orphan_payloads are called as the application role, as the
//    worker's purge calls them, until nothing is left; the sum of their statements' times is figure 2 (timed by
//    the client on the same machine: database time plus a loopback round trip per statement).
// 4. Sizes of events and payloads (tables, indexes, TOAST) before, after the purge, and after a plain VACUUM,
//    against the live data (the size before x the share of rows left): figure 3. Then a day's worth of new
//    captures, to show whether they fill the freed space or grow the files.
// Both databases are dropped at the end (BENCH_KEEP_DATABASE=1 keeps them).
// Environment: BENCH_DATABASE_SERVER_URL, BENCH_EVENTS (5000000), BENCH_SECONDS (10), BENCH_ROUNDS (3), BENCH_BATCH (5000),
// BENCH_KEEP_DATABASE.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runLoad } from '../lib/load.js';
import { databaseUrl, startRelay } from './relay-server.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const BATCH = Number(process.env.BENCH_BATCH ?? 5000);
const DAYS = 30;
const DAY_MS = 86_400_000;
const SENDERS = 64;
const DATABASE = 'webhook_relay_retention_bench';
const EMPTY_DATABASE = 'webhook_relay_retention_empty_bench';
const API_KEY = `whk_bench_${'1'.repeat(24)}`;

let sent = 0;
const RUN = randomBytes(3).toString('hex');
function nextRequest(): { body: string; headers: Record<string, string> } {
  sent += 1;
  const body = JSON.stringify({
    id: `evt_${RUN}_${sent}`,
    type: 'invoice.payment_succeeded',
    created: 1700000000,
    data: { object: { id: 'in_1NvJk2', amount_paid: 4200, currency: 'eur', customer: 'cus_OjQ8', lines: [{ id: 'il_1', amount: 4200 }] } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: 'req_abc', idempotency_key: 'a8f1c2' },
  });
  return { body, headers: { 'content-type': 'application/json', 'user-agent': 'Stripe/1.0' } };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function connect(database: string, user?: string): Promise<pg.Client> {
  const url = new URL(databaseUrl(database));
  if (user) {
    url.username = user;
    url.password = '';
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

async function captureRound(label: string, ingestUrl: string): Promise<number> {
  const result = await runLoad({ url: ingestUrl, connections: SENDERS, seconds, method: 'POST', nextRequest });
  if (result.non2xx || result.errors) throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  console.log(
    `${label.padEnd(28)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50Ms} ms  p99 ${result.p99Ms} ms`,
  );
  return result.requestsPerSecond;
}

// One day of events per statement pair, oldest first: payloads, then the events that refer to them.
async function fill(owner: pg.Client, endpointId: string, start: number): Promise<void> {
  const perDay = Math.floor(EVENTS / DAYS);
  const { rows } = await owner.query(
    'SELECT tenant_id, (SELECT id FROM ingest_tokens WHERE endpoint_id = $1 LIMIT 1) AS token FROM endpoints WHERE id = $1',
    [endpointId],
  );
  const { tenant_id: tenantId, token } = rows[0];
  const began = Date.now();
  for (let day = 0; day < DAYS; day += 1) {
    const dayStart = start + day * DAY_MS;
    // The day's events, each with its millisecond and its own body; $p is the first of (day start, per day, day).
    const generated = (p: number) => `
      SELECT n, $${p}::bigint + (n::bigint * ${DAY_MS} / $${p + 1}::bigint) AS ms,
             convert_to('{"id":"evt_fill_' || $${p + 2}::int || '_' || n || '","type":"invoice.payment_succeeded","created":1700000000,' ||
               '"data":{"object":{"id":"in_1NvJk2","amount_paid":4200,"currency":"eur","customer":"cus_OjQ8",' ||
               '"lines":[{"id":"il_1","amount":4200,"description":"Pro plan"}]}},"livemode":false,"pending_webhooks":1,' ||
               '"request":{"id":"req_abc","idempotency_key":"a8f1c2"},"padding":"' || repeat('x', 200) || '"}', 'UTF8') AS body
        FROM generate_series(0, $${p + 1}::int - 1) AS n`;
    await owner.query(
      `INSERT INTO payloads (tenant_id, sha256, body, size, created_at)
       SELECT $1::uuid, sha256(g.body), g.body, octet_length(g.body), to_timestamp(g.ms / 1000.0)
         FROM (${generated(2)}) g`,
      [tenantId, dayStart, perDay, day],
    );
    await owner.query(
      `INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address,
                           to_verify, capture_seq, ingest_token_id)
       SELECT (lpad(to_hex(g.ms), 12, '0') || '7' || substr(md5(g.n || ':' || $5::int), 1, 3) || '8' || substr(md5(g.n || '/' || $5::int), 1, 15))::uuid,
              $1::uuid, $2::uuid, to_timestamp(g.ms / 1000.0), 'POST', '', '',
              '[["content-type","application/json"],["user-agent","Stripe/1.0"],["stripe-signature","t=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"]]'::json,
              sha256(g.body), '203.0.113.9', false, nextval('deliveries_position_seq'), $6::uuid
         FROM (${generated(3)}) g ORDER BY g.ms`,
      [tenantId, endpointId, dayStart, perDay, day, token],
    );
    if (day % 5 === 4) console.log(`  filled ${(day + 1) * perDay} events (${((Date.now() - began) / 1000).toFixed(0)} s)`);
  }
  await owner.query('VACUUM ANALYZE events');
  await owner.query('VACUUM ANALYZE payloads');
  console.log(
    `stored ${perDay * DAYS} events across ${DAYS} days in ${((Date.now() - began) / 1000).toFixed(0)} s (set-based SQL, then VACUUM ANALYZE)`,
  );
}

async function sizes(owner: pg.Client): Promise<{ bytes: number; events: number }> {
  const { rows } = await owner.query(
    `SELECT pg_total_relation_size('events') + pg_total_relation_size('payloads') AS bytes, (SELECT count(*) FROM events) AS events`,
  );
  return { bytes: Number(rows[0].bytes), events: Number(rows[0].events) };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

interface PurgeRun {
  events: number;
  payloads: number;
  ms: number;
  eventsMs: number;
  calls: number;
  longestMs: number;
}

// As the worker's purge calls them: events first, then the payloads nothing refers to any more.
async function purge(app: pg.Client, now: Date): Promise<PurgeRun> {
  let [events, payloads, ms, calls, longestMs] = [0, 0, 0, 0, 0];
  const timed = async (sql: string) => {
    const began = process.hrtime.bigint();
    const { rows } = await app.query(sql, [now, BATCH]);
    const took = Number(process.hrtime.bigint() - began) / 1e6;
    ms += took;
    calls += 1;
    longestMs = Math.max(longestMs, took);
    return rows[0];
  };
  for (;;) {
    const row = await timed('SELECT * FROM relay_purge_expired_events($1, $2)');
    if (row.busy) throw new Error('another purge holds the lock (is a worker running against the bench database?)');
    events += Number(row.events);
    if (!row.more) break;
  }
  const eventsMs = ms;
  for (;;) {
    const row = await timed('SELECT * FROM relay_purge_orphan_payloads($1, $2)');
    payloads += Number(row.payloads);
    if (!row.more) break;
  }
  return { events, payloads, ms, eventsMs, calls, longestMs };
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

async function main(): Promise<void> {
  // No worker in the processes: the bench calls the purge itself, at the time it chooses.
  const env = { RELAY_PLAN_RETENTION_DAYS: `scale=${DAYS}`, RELAY_WORKERS_IN_PROCESS: 'false' };
  const full = await startRelay({ database: DATABASE, apiKey: API_KEY, logName: 'webhook-relay-retention', env });
  let empty: Awaited<ReturnType<typeof startRelay>> | undefined;
  const owner = await connect(DATABASE);
  const app = await connect(DATABASE, 'webhook_relay_app');
  try {
    const fullEndpoint = await full.post('/v1/endpoints', { name: 'capture', provider: null });
    const now = Date.now();
    // The oldest day starts a little over 30 days ago, so that it is the one day one more day expires.
    await fill(owner, fullEndpoint.id, now - DAYS * DAY_MS + 60_000);
    // The fill's dirty pages are written now, not during the measured rounds.
    await owner.query('CHECKPOINT');
    empty = await startRelay({ database: EMPTY_DATABASE, apiKey: API_KEY, logName: 'webhook-relay-retention-empty', env });
    const emptyEndpoint = await empty.post('/v1/endpoints', { name: 'capture', provider: null });
    for (const url of [emptyEndpoint.ingest_url, fullEndpoint.ingest_url])
      await runLoad({ url, connections: SENDERS, seconds: 3, method: 'POST', nextRequest });
    // Rounds alternate between the two relays, so that the machine's drift falls on both alike.
    const [emptyRates, fullRates]: [number[], number[]] = [[], []];
    for (let round = 1; round <= rounds; round += 1) {
      emptyRates.push(await captureRound(`capture, empty database #${round}`, emptyEndpoint.ingest_url));
      fullRates.push(await captureRound(`capture, ${(EVENTS / 1e6).toFixed(1)}M stored #${round}`, fullEndpoint.ingest_url));
    }
    const ratio = median(fullRates) / median(emptyRates);
    console.log(
      `hash index on payload_sha256, as migrated: rounds ${fullRates.map((rate, i) => (rate / emptyRates[i]!).toFixed(2)).join(', ')}`,
    );
    // The same rounds with the index retention adds to events (is a payload still referred to?) as a B-tree on
    // (tenant_id, payload_sha256) instead of the migration's hash index, then without either, to tell its share of
    // the cost apart; the hash index is built again before the purge.
    const variants = [
      { label: 'B-tree (tenant_id, payload_sha256)', sql: 'CREATE INDEX events_payload_btree_idx ON events (tenant_id, payload_sha256)' },
      { label: 'without the payload index', sql: 'DROP INDEX events_payload_btree_idx' },
    ];
    await owner.query('DROP INDEX events_payload_sha256_idx');
    for (const variant of variants) {
      const built = Date.now();
      await owner.query(variant.sql);
      const builtIn = (Date.now() - built) / 1000;
      const [emptyRatesB, fullRatesB]: [number[], number[]] = [[], []];
      for (let round = 1; round <= rounds; round += 1) {
        emptyRatesB.push(await captureRound(`capture, empty database #${round}`, emptyEndpoint.ingest_url));
        fullRatesB.push(await captureRound(`  ${variant.label} #${round}`, fullEndpoint.ingest_url));
      }
      console.log(
        `${variant.label}: ${median(fullRatesB).toFixed(0)} req/s stored, ${median(emptyRatesB).toFixed(0)} req/s empty: ` +
          `${(median(fullRatesB) / median(emptyRatesB)).toFixed(2)}x (rounds ${fullRatesB.map((rate, i) => (rate / emptyRatesB[i]!).toFixed(2)).join(', ')}; ${builtIn.toFixed(0)} s to build)`,
      );
    }
    await owner.query('CREATE INDEX events_payload_sha256_idx ON events USING hash (payload_sha256)');
    console.log(
      `\ncapture (medians): ${median(fullRates).toFixed(0)} req/s with the events stored, ${median(emptyRates).toFixed(0)} req/s empty: ` +
        `${ratio.toFixed(2)}x (target >= 0.9x)`,
    );
    await empty.server.stop();
    empty = undefined;

    // A tenant on each other plan (with no events): every plan's cursor then reads the events of its slice.
    await owner.query(
      `INSERT INTO tenants (id, name, plan_id, created_at)
       SELECT relay_uuid7(), 'bench ' || p.id, p.id, now() FROM plans p WHERE p.id <> 'scale'`,
    );
    // The first pass after deploying retention reads every plan's backlog once (the free plan's: 23 days);
    // nothing has expired yet. Then one more day passes: that pass is the figure.
    const first = await purge(app, new Date(now));
    console.log(
      `first pass (every plan's cursor reads its backlog once, nothing expired): ${first.calls} statements, ${first.ms.toFixed(0)} ms`,
    );
    const before = await sizes(owner);
    const purged = await purge(app, new Date(now + DAY_MS));
    const after = await sizes(owner);
    console.log(
      `purge of one day: ${purged.events} events and ${purged.payloads} payloads in ${purged.calls} statements, ` +
        `${purged.ms.toFixed(0)} ms in all (events ${purged.eventsMs.toFixed(0)} ms, payloads ${(purged.ms - purged.eventsMs).toFixed(0)} ms; ` +
        `longest statement ${purged.longestMs.toFixed(0)} ms) (target < 1000 ms)`,
    );
    await owner.query('VACUUM events');
    await owner.query('VACUUM payloads');
    const vacuumed = await sizes(owner);
    const live = before.bytes * (after.events / before.events);
    console.log(
      `disk (events + payloads, with indexes and TOAST): ${mib(before.bytes)} before, ${mib(after.bytes)} after the purge, ` +
        `${mib(vacuumed.bytes)} after VACUUM; live data ~${mib(live)}: ${(vacuumed.bytes / live).toFixed(3)}x (target <= 1.10x)`,
    );
    // Steady state: the next day's captures go into the space the purge freed (the files do not grow by them).
    const reuseSeconds = Math.max(5, Math.ceil(purged.events / Math.max(1, median(fullRates))) + 1);
    await runLoad({ url: fullEndpoint.ingest_url, connections: SENDERS, seconds: reuseSeconds, method: 'POST', nextRequest });
    const refilled = await sizes(owner);
    console.log(
      `then ${refilled.events - after.events} new events captured (${reuseSeconds} s): files ${mib(vacuumed.bytes)} -> ${mib(refilled.bytes)} ` +
        `(+${mib(refilled.bytes - vacuumed.bytes)}; the same events in new space: ~${mib((before.bytes / before.events) * (refilled.events - after.events))})`,
    );
    const pass = ratio >= 0.9 && purged.ms < 1000 && vacuumed.bytes <= live * 1.1;
    console.log(pass ? 'PASS' : 'FAIL (see the figures above)');
    process.exitCode = pass ? 0 : 1;
  } finally {
    await app.end();
    await owner.end();
    await empty?.server.stop();
    await full.server.stop();
    // Several GB: given back (BENCH_KEEP_DATABASE=1 keeps them to look at).
    if (!process.env.BENCH_KEEP_DATABASE) for (const name of [DATABASE, EMPTY_DATABASE]) await dropDatabase(name);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
