// Figures (issue 29, services/webhook-relay/docs/retention.md): with BENCH_EVENTS (5,000,000) events stored across
// 30 days of partitions, (1) capture rate at least 0.9x the same load on an empty database, (2) removing one day's
// expired events takes under 1 s of database time, (3) after the purge, disk use is within 10% of the live data.
// Run: pnpm bench:webhook-relay:retention (needs pnpm build).
//
// 1. A relay (node dist/server.js, the scale plan kept 30 days: one partition per UTC day) gets 30 days of events
//    written by set-based SQL as the owner (not through HTTP): per day, the day's partitions (relay_maintain_partitions
//    at that day, as the worker made them), then BENCH_EVENTS / 30 events with their own ~550-byte payloads, ids
//    UUIDv7 of their receipt time in time order (as capture writes them), and for each event a delivered delivery with
//    one attempt (BENCH_DELIVERIES=0 leaves them out); then VACUUM ANALYZE (as autovacuum would have) and a CHECKPOINT
//    (the fill's dirty pages are not written during the measured rounds).
// 2. A second relay on an empty database. Both capture for an endpoint without a provider, 64 senders, in
//    alternating rounds of BENCH_SECONDS (BENCH_ROUNDS each): the ratio of the medians is figure 1.
// 3. A pass at the end of the last day (nothing is past the window yet), then one a day later, as the worker calls
//    it (relay_maintain_partitions as the application role): the second drops the oldest day's partitions after
//    removing its deliveries and their attempts; its time is figure 2 (timed by the client on the same machine:
//    database time plus one loopback round trip).
// 4. Sizes of events, payloads and checks (every partition, with indexes and TOAST) and of deliveries and attempts,
//    before and after that pass, against the live data (the size before x the share of events left): figure 3.
// Both databases are dropped at the end (BENCH_KEEP_DATABASE=1 keeps them).
// Environment: BENCH_DATABASE_SERVER_URL, BENCH_EVENTS (5000000), BENCH_SECONDS (10), BENCH_ROUNDS (3),
// BENCH_DELIVERIES (1), BENCH_KEEP_DATABASE, BENCH_DIAGNOSE (prints the locks a pass waited for).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { runLoad } from '../lib/load.js';
import { databaseUrl, startRelay } from './relay-server.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const WITH_DELIVERIES = process.env.BENCH_DELIVERIES !== '0';
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

// One day at a time, oldest first: its partitions, payloads, the events that refer to them, and their deliveries.
async function fill(owner: pg.Client, endpointId: string, destinationId: string, start: number): Promise<void> {
  const perDay = Math.floor(EVENTS / DAYS);
  const { rows } = await owner.query(
    'SELECT tenant_id, (SELECT id FROM ingest_tokens WHERE endpoint_id = $1 LIMIT 1) AS token FROM endpoints WHERE id = $1',
    [endpointId],
  );
  const { tenant_id: tenantId, token } = rows[0];
  const began = Date.now();
  for (let day = 0; day < DAYS; day += 1) {
    const dayStart = start + day * DAY_MS;
    await owner.query('SELECT relay_maintain_partitions($1, 0)', [new Date(dayStart)]);
    // The day's events, each with its millisecond and its own body; $p is the first of (day start, per day, day).
    const generated = (p: number) => `
      SELECT n, $${p}::bigint + (n::bigint * ${DAY_MS} / $${p + 1}::bigint) AS ms,
             convert_to('{"id":"evt_fill_' || $${p + 2}::int || '_' || n || '","type":"invoice.payment_succeeded","created":1700000000,' ||
               '"data":{"object":{"id":"in_1NvJk2","amount_paid":4200,"currency":"eur","customer":"cus_OjQ8",' ||
               '"lines":[{"id":"il_1","amount":4200,"description":"Pro plan"}]}},"livemode":false,"pending_webhooks":1,' ||
               '"request":{"id":"req_abc","idempotency_key":"a8f1c2"},"padding":"' || repeat('x', 200) || '"}', 'UTF8') AS body
        FROM generate_series(0, $${p + 1}::int - 1) AS n`;
    await owner.query(
      `INSERT INTO payloads (tenant_id, sha256, plan_id, day, body, size, created_at)
       SELECT $1::uuid, sha256(g.body), 'scale', (to_timestamp(g.ms / 1000.0) AT TIME ZONE 'UTC')::date, g.body, octet_length(g.body),
              to_timestamp(g.ms / 1000.0)
         FROM (${generated(2)}) g`,
      [tenantId, dayStart, perDay, day],
    );
    await owner.query(
      `INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, query, headers, payload_sha256, source_address,
                           to_verify, capture_seq, ingest_token_id, plan_id, day)
       SELECT (lpad(to_hex(g.ms), 12, '0') || '7' || substr(md5(g.n || ':' || $5::int), 1, 3) || '8' || substr(md5(g.n || '/' || $5::int), 1, 15))::uuid,
              $1::uuid, $2::uuid, to_timestamp(g.ms / 1000.0), 'POST', '', '',
              '[["content-type","application/json"],["user-agent","Stripe/1.0"],["stripe-signature","t=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"]]'::json,
              sha256(g.body), '203.0.113.9', false, nextval('deliveries_position_seq'), $6::uuid, 'scale',
              (to_timestamp(g.ms / 1000.0) AT TIME ZONE 'UTC')::date
         FROM (${generated(3)}) g ORDER BY g.ms`,
      [tenantId, endpointId, dayStart, perDay, day, token],
    );
    if (WITH_DELIVERIES) {
      // Each event delivered once, a second after its capture, at the first attempt (as the worker writes them).
      const range = [new Date(dayStart), new Date(dayStart + DAY_MS)];
      await owner.query(
        `INSERT INTO deliveries (id, tenant_id, destination_id, event_id, position, state, attempts, last_status, created_at, completed_at)
         SELECT relay_uuid7_floor(e.received_at + interval '1 second')::text::uuid, e.tenant_id, $1::uuid, e.id, e.capture_seq,
                'succeeded', 1, 200, e.received_at, e.received_at + interval '1 second'
           FROM events e WHERE e.id >= relay_uuid7_floor($2) AND e.id < relay_uuid7_floor($3) ORDER BY e.id`,
        [destinationId, ...range],
      );
      await owner.query(
        `INSERT INTO delivery_attempts (id, tenant_id, delivery_id, event_id, started_at, duration_ms, status_code)
         SELECT relay_uuid7(), d.tenant_id, d.id, d.event_id, d.completed_at, 84, 200
           FROM deliveries d WHERE d.event_id >= relay_uuid7_floor($1) AND d.event_id < relay_uuid7_floor($2) ORDER BY d.event_id`,
        range,
      );
    }
    if (day % 5 === 4) console.log(`  filled ${(day + 1) * perDay} events (${((Date.now() - began) / 1000).toFixed(0)} s)`);
  }
  for (const table of ['events', 'payloads', 'deliveries', 'delivery_attempts']) await owner.query(`VACUUM ANALYZE ${table}`);
  console.log(
    `stored ${perDay * DAYS} events${WITH_DELIVERIES ? ', each with a delivery and an attempt,' : ''} across ${DAYS} days in ` +
      `${((Date.now() - began) / 1000).toFixed(0)} s (set-based SQL, then VACUUM ANALYZE)`,
  );
}

interface Sizes {
  /** events, payloads and event_checks: every partition, with indexes and TOAST. */
  partitioned: number;
  /** deliveries and delivery_attempts, with indexes. */
  deliveries: number;
  events: number;
}

async function sizes(owner: pg.Client): Promise<Sizes> {
  const { rows } = await owner.query(
    `SELECT (SELECT sum(pg_total_relation_size(t.relid)) FROM (SELECT relid FROM pg_partition_tree('events') UNION ALL
              SELECT relid FROM pg_partition_tree('payloads') UNION ALL SELECT relid FROM pg_partition_tree('event_checks')) t) AS partitioned,
            pg_total_relation_size('deliveries') + pg_total_relation_size('delivery_attempts') AS deliveries,
            (SELECT count(*) FROM events) AS events`,
  );
  return { partitioned: Number(rows[0].partitioned), deliveries: Number(rows[0].deliveries), events: Number(rows[0].events) };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

// What a pass waited for (BENCH_DIAGNOSE): the locks its session was refused, and who held them, every 20 ms.
async function watchLocks(until: Promise<unknown>): Promise<unknown[]> {
  const probe = await connect(DATABASE);
  const seen: unknown[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const { rows } = await probe.query(
      `SELECT l.relation::regclass::text AS relation, l.mode, b.pid AS holder, b.backend_type, b.state, left(b.query, 120) AS holder_query
         FROM pg_locks l JOIN pg_stat_activity w ON w.pid = l.pid
         CROSS JOIN LATERAL unnest(pg_blocking_pids(l.pid)) AS bp(pid) JOIN pg_stat_activity b ON b.pid = bp.pid
        WHERE NOT l.granted AND w.datname = current_database()`,
    );
    seen.push(...rows);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await probe.end();
  return seen;
}

// As the worker calls it, as the application role.
async function pass(app: pg.Client, now: Date): Promise<{ ms: number; created: number; dropped: number }> {
  const began = process.hrtime.bigint();
  const query = app.query('SELECT * FROM relay_maintain_partitions($1, 2)', [now]);
  if (process.env.BENCH_DIAGNOSE) console.log('waited for:', JSON.stringify(await watchLocks(query)));
  const { rows } = await query;
  const ms = Number(process.hrtime.bigint() - began) / 1e6;
  if (rows[0].busy) throw new Error('another pass holds the lock (is a worker running against the bench database?)');
  return { ms, created: rows[0].created, dropped: rows[0].dropped };
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
    const destination = await full.post('/v1/destinations', { name: 'receiver', url: 'https://receiver.example.test/hook' });
    // 30 whole UTC days, the last one ending at midnight today: the oldest is the one day that one more day expires.
    const midnight = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    const start = midnight - DAYS * DAY_MS;
    await fill(owner, fullEndpoint.id, destination.id, start);
    // Today's ranges and those ahead, as the worker's pass at start makes them (capture goes to them, not to the
    // default partition). The fill's dirty pages are written now, not during the measured rounds.
    await owner.query('SELECT relay_maintain_partitions(now(), 2)');
    await owner.query('CHECKPOINT');
    empty = await startRelay({ database: EMPTY_DATABASE, apiKey: API_KEY, logName: 'webhook-relay-retention-empty', env });
    const emptyEndpoint = await empty.post('/v1/endpoints', { name: 'capture', provider: null });
    const emptyOwner = await connect(EMPTY_DATABASE);
    await emptyOwner.query('SELECT relay_maintain_partitions(now(), 2)');
    await emptyOwner.end();
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
      `\ncapture (medians): ${median(fullRates).toFixed(0)} req/s with the events stored, ${median(emptyRates).toFixed(0)} req/s empty: ` +
        `${ratio.toFixed(2)}x (rounds ${fullRates.map((rate, i) => (rate / emptyRates[i]!).toFixed(2)).join(', ')}; target >= 0.9x)`,
    );
    await empty.server.stop();
    empty = undefined;

    // At midnight today nothing is past the window (it starts at the oldest day's first millisecond); a second
    // pass at the same time finds nothing to do (what an idle pass costs). A day later the oldest day goes: the
    // database trusts a pass's clock only 5 minutes ahead of its own (retention_clock), so the owner lets this one
    // claim up to two days, as the tests do.
    await owner.query('UPDATE retention_clock SET max_lead_seconds = 2 * 86400');
    const first = await pass(app, new Date(midnight));
    const idle = await pass(app, new Date(midnight));
    console.log(
      `a pass with nothing past the window: ${first.ms.toFixed(0)} ms (${first.created} ranges created ahead); ` +
        `with nothing to do at all: ${idle.ms.toFixed(1)} ms`,
    );
    const count = async (sql: string) => Number((await owner.query(sql)).rows[0].n);
    const deliveriesBefore = await count('SELECT count(*) AS n FROM deliveries');
    const before = await sizes(owner);
    const purged = await pass(app, new Date(midnight + DAY_MS));
    const after = await sizes(owner);
    const deliveriesRemoved = deliveriesBefore - (await count('SELECT count(*) AS n FROM deliveries'));
    console.log(
      `purge of one day: ${before.events - after.events} events with their payloads and ${deliveriesRemoved} deliveries with their attempts, ` +
        `${purged.dropped} partition range(s) dropped, in ${purged.ms.toFixed(0)} ms (target < 1000 ms)`,
    );
    const live = before.partitioned * (after.events / before.events);
    const liveDeliveries = before.deliveries * (after.events / before.events);
    await owner.query('VACUUM deliveries');
    await owner.query('VACUUM delivery_attempts');
    const vacuumed = await sizes(owner);
    console.log(
      `disk, events + payloads + checks: ${mib(before.partitioned)} before, ${mib(after.partitioned)} after the pass; ` +
        `live data ~${mib(live)}: ${(after.partitioned / live).toFixed(3)}x (target <= 1.10x)`,
    );
    console.log(
      `disk, deliveries + attempts (row deletes: the space is reused, not returned): ${mib(before.deliveries)} before, ` +
        `${mib(vacuumed.deliveries)} after the pass and VACUUM; live ~${mib(liveDeliveries)}: ` +
        `${(vacuumed.deliveries / Math.max(1, liveDeliveries)).toFixed(3)}x`,
    );
    const disk = after.partitioned + vacuumed.deliveries;
    const liveAll = live + liveDeliveries;
    console.log(`disk, all of it: ${mib(disk)} against ~${mib(liveAll)} live: ${(disk / liveAll).toFixed(3)}x`);
    // A pass that removed nothing proves nothing: the day must have gone, with a delivery per event when they were made.
    const removedTheDay =
      purged.dropped >= 1 && before.events - after.events >= Math.floor(EVENTS / DAYS) && (!WITH_DELIVERIES || deliveriesRemoved > 0);
    if (!removedTheDay) console.log('the pass a day later did not remove the oldest day');
    const reached = removedTheDay && ratio >= 0.9 && purged.ms < 1000 && disk <= liveAll * 1.1;
    console.log(reached ? 'PASS' : 'FAIL (see the figures above)');
    process.exitCode = reached ? 0 : 1;
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
