import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { purgeExpired } from '../../src/domain/retention/purge-expired.js';
import { checkedApi } from '../helpers/contract.js';
import { explainedPlans, partitionsRun } from '../helpers/explained-plans.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

const PAST_DAYS = 30;

// The hot lookups that reach events, payloads and checks from another table (a destination's heads, fan-out,
// recording checks) plan only the partitions holding the events they read, however many ranges exist
// (docs/retention.md, "What partitions cost the other queries"). Planning a partition takes a lock on it, held to
// the end of the transaction, so the partitions a call planned are the ones its transaction holds: counted, not
// timed, on a new session's first call (a custom plan; PostgreSQL may cache a generic plan from the sixth, which
// prunes as it starts instead: the last test checks that one reads a range attached after it was cached). A join
// that cannot prune is the control.
describe('lookups by event plan only the partitions holding the events', () => {
  let context: TestContext;
  let ingest: IngestHarness;
  let tenant: TestTenant;
  let destination: string;
  let endpoint: { id: string; path: string };
  const eventIds: string[] = [];
  let today: string;

  /** Runs `work` as the application role in one transaction, and returns what it gave with the leaf partitions it locked. */
  const lockedBy = async <T>(work: (client: pg.Client) => Promise<T>): Promise<{ result: T; partitions: string[] }> => {
    const client = new pg.Client({ connectionString: context.appRoleUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      const { rows } = await client.query<{ name: string }>(
        `SELECT c.relname AS name FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
          WHERE l.pid = pg_backend_pid() AND c.relnamespace = 'relay_partitions'::regnamespace AND c.relkind = 'r'`,
      );
      await client.query('COMMIT');
      return { result, partitions: rows.map((row) => row.name).sort() };
    } finally {
      await client.end();
    }
  };
  const onlyTodayOrDefault = (partitions: string[]) =>
    partitions.filter((name) => !name.endsWith(`_${today}`) && !name.endsWith('_default'));

  beforeAll(async () => {
    context = await createTestContext();
    ingest = await startIngest(context);
    tenant = await context.newTenant('pro');
    await purgeExpired({ pool: context.pool, now: context.runtime.now(), batch: 100, maxBatches: 10 });
    const now = context.runtime.now();
    today = now.toISOString().slice(0, 10).replaceAll('-', '');
    // A month of ranges behind today for every plan, as a relay that has run that long holds (pro keeps 30 days).
    // One day per statement: the whole month in one took longer than the pool's 5 s bound on a loaded CI machine.
    for (let back = PAST_DAYS; back >= 1; back--) {
      await context.ownerPool.query(
        `SELECT relay_create_range_partitions(p.id, $1::date - $2::int, $1::date - $2::int + 1)
           FROM plans p
          WHERE NOT EXISTS (SELECT 1 FROM event_partitions x WHERE x.plan_id = p.id AND x.starts_on = $1::date - $2::int)`,
        [now.toISOString().slice(0, 10), back],
      );
    }
    const body = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'orders' }).expect(201)).body;
    endpoint = { id: body.id, path: ingest.pathOf(body.ingest_url) };
    destination = (
      await checkedApi(context)
        .post('/v1/destinations')
        .set(tenant.auth)
        .send({ name: 'billing', url: 'https://receiver.example.test/hook' })
        .expect(201)
    ).body.id;
    await checkedApi(context)
      .post('/v1/subscriptions')
      .set(tenant.auth)
      .send({ endpoint_id: endpoint.id, destination_id: destination })
      .expect(201);
    for (const n of [1, 2, 3]) {
      const answer = await fetch(`${ingest.url}${endpoint.path}`, {
        method: 'POST',
        body: JSON.stringify({ order: n }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(answer.status).toBe(200);
      eventIds.push(((await answer.json()) as { event_id: string }).event_id);
    }
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  it('has a month of ranges for every plan', async () => {
    const { rows } = await context.ownerPool.query<{ n: string }>('SELECT count(*) AS n FROM event_partitions');
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(4 * PAST_DAYS);
  });

  it('control: a join from deliveries to events and payloads holds every range', async () => {
    const { partitions } = await lockedBy(async (client) => {
      await client.query("SELECT set_config('app.tenant_id', $1, true)", [tenant.tenantId]);
      return client.query(
        `SELECT p.body FROM deliveries x JOIN events e ON e.id = x.event_id
           JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
          WHERE x.destination_id = $1`,
        [destination],
      );
    });
    expect(onlyTodayOrDefault(partitions).length).toBeGreaterThanOrEqual(2 * 4 * PAST_DAYS);
  });

  it('fan-out creates the deliveries and plans only today’s partitions', async () => {
    const { result, partitions } = await lockedBy((client) =>
      client.query(
        'SELECT * FROM relay_fan_out($1, $2::uuid[], $3, ARRAY[]::uuid[], ARRAY[]::uuid[], ARRAY[]::timestamptz[], ARRAY[]::boolean[])',
        [tenant.tenantId, eventIds, context.runtime.now()],
      ),
    );
    // The ingest path may have fanned them out already: either way each event has its delivery.
    const { rows } = await context.ownerPool.query<{ n: string }>('SELECT count(*) AS n FROM deliveries WHERE event_id = ANY($1::uuid[])', [
      eventIds,
    ]);
    expect(Number(rows[0]!.n)).toBe(3);
    expect(result.rowCount).toBeLessThanOrEqual(3);
    expect(partitions.some((name) => name === `events_pro_${today}`)).toBe(true);
    expect(onlyTodayOrDefault(partitions)).toEqual([]);
  });

  // The heads read keeps a generic plan from its first call (relay_delivery_heads: a custom plan would be made afresh
  // on every call), as it did before from a session's sixth. PostgreSQL 15 locks every partition a generic plan holds
  // before it prunes, so the locks are not the measure here: what runs is (the test below).
  it('a destination’s heads come with their bodies, in capture order', async () => {
    const { result, partitions } = await lockedBy((client) =>
      client.query<{ event_id: string; body: Buffer; state: string; content_type: string }>(
        'SELECT * FROM relay_delivery_heads($1, ARRAY[$2]::uuid[], 10, $3)',
        [tenant.tenantId, destination, context.runtime.now()],
      ),
    );
    expect(result.rows.map((row) => row.event_id)).toEqual(eventIds);
    expect(result.rows.map((row) => JSON.parse(row.body.toString()))).toEqual([{ order: 1 }, { order: 2 }, { order: 3 }]);
    expect(result.rows.every((row) => row.state === 'unattempted' && row.content_type === 'application/json')).toBe(true);
    expect(partitions).toEqual(expect.arrayContaining([`events_pro_${today}`, `payloads_pro_${today}`, `event_checks_pro_${today}`]));
  });

  it('a generic plan of the heads runs only the partitions holding them, a lookup per head', async () => {
    const plans = await explainedPlans(context.databaseUrl, async (session) => {
      // The plan the function keeps from its first call.
      for (let call = 1; call <= 2; call += 1) {
        const { rows } = await session.query<{ event_id: string }>(
          'SELECT event_id FROM relay_delivery_heads($1, ARRAY[$2]::uuid[], 10, $3)',
          [tenant.tenantId, destination, context.runtime.now()],
        );
        expect(rows.map((row) => row.event_id)).toEqual(eventIds);
      }
    });
    const lookups = plans.filter((plan) => plan.includes('FROM unnest(head_ids'));
    expect(lookups).toHaveLength(2);
    const generic = lookups.at(-1)!;
    expect(generic).toMatch(/= ANY \(\$\d+\)/); // the heads' ids are the plan's parameter, not constants
    // It holds every range, and prunes as each head's lookup runs: the rest is "never executed". Joined by the id
    // arrays alone, a generic plan read every range of the three tables on every call.
    const run = partitionsRun(generic, ['events', 'payloads', 'event_checks']);
    expect(run).toEqual(expect.arrayContaining([`pro_${today}`]));
    expect(run.filter((partition) => !partition.endsWith(`_${today}`) && !partition.endsWith('_default'))).toEqual([]);
    expect(generic.split('\n').filter((line) => line.includes('never executed')).length).toBeGreaterThan(4 * PAST_DAYS);
  });

  it('recording checks plans only today’s partitions', async () => {
    const n = eventIds.length;
    const { result, partitions } = await lockedBy((client) =>
      // An outdated settings version: nothing is recorded and the ids come back, but the insert is planned all the same.
      client.query(
        `SELECT * FROM relay_record_checks($1, $2, $3::uuid[], $4::uuid[], $5::int[], $6::text[], $7::text[], $8::jsonb[], $9::text[],
                                          $10::uuid[], $11::timestamptz[])`,
        [
          tenant.tenantId,
          context.runtime.now(),
          eventIds,
          Array(n).fill(endpoint.id),
          Array(n).fill(-1),
          Array(n).fill('unattempted'),
          Array(n).fill(null),
          Array(n).fill(null),
          Array(n).fill(null),
          Array(n).fill(null),
          Array(n).fill(null),
        ],
      ),
    );
    expect(result.rows).toHaveLength(n);
    expect(partitions).toContain(`events_pro_${today}`);
    expect(onlyTodayOrDefault(partitions)).toEqual([]);
  });

  it('a session that cached its plan still reads rows moved from a default partition into a new range', async () => {
    const session = new pg.Client({ connectionString: context.appRoleUrl });
    await session.connect();
    try {
      const heads = async () =>
        (
          await session.query<{ event_id: string; body: Buffer | null }>(
            'SELECT event_id, body FROM relay_delivery_heads($1, ARRAY[$2]::uuid[], 10, $3)',
            [tenant.tenantId, destination, context.runtime.now()],
          )
        ).rows;
      // Five days on, past the ranges made ahead: the capture lands in the plan's default partition.
      context.runtime.advance(5 * 86_400_000);
      const answer = await fetch(`${ingest.url}${endpoint.path}`, {
        method: 'POST',
        body: JSON.stringify({ order: 4 }),
        headers: { 'Content-Type': 'application/json' },
      });
      const late = ((await answer.json()) as { event_id: string }).event_id;
      await session.query(
        'SELECT * FROM relay_fan_out($1, $2::uuid[], $3, ARRAY[]::uuid[], ARRAY[]::uuid[], ARRAY[]::timestamptz[], ARRAY[]::boolean[])',
        [tenant.tenantId, [late], context.runtime.now()],
      );
      const partitionOf = async () =>
        (await context.ownerPool.query('SELECT tableoid::regclass::text AS name FROM events WHERE id = $1', [late])).rows[0]?.name;
      expect(await partitionOf()).toBe('relay_partitions.events_pro_default');
      // The plan PostgreSQL may cache from a session's sixth call, made and cached at once.
      await session.query('SET plan_cache_mode = force_generic_plan');
      for (let i = 0; i < 2; i += 1) expect((await heads()).map((row) => row.event_id)).toEqual([...eventIds, late]);
      // The worker's pass makes the day's range and moves the row into it.
      await purgeExpired({ pool: context.pool, now: context.runtime.now(), batch: 100, maxBatches: 10 });
      expect(await partitionOf()).toMatch(/^relay_partitions\.events_pro_\d{8}$/);
      const after = await heads();
      expect(after.map((row) => row.event_id)).toEqual([...eventIds, late]);
      expect(JSON.parse(after[3]!.body!.toString())).toEqual({ order: 4 });
    } finally {
      await session.end();
    }
  });
});
