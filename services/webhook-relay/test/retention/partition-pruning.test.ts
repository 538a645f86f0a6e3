import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { purgeExpired } from '../../src/domain/retention/purge-expired.js';
import { checkedApi } from '../helpers/contract.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

const PAST_DAYS = 30;

// The hot lookups that reach events, payloads and checks from another table (a destination's heads, fan-out,
// recording checks) plan only the partitions holding the events they read, however many ranges exist
// (docs/retention.md, "What partitions cost the other queries"). Planning a partition takes a lock on it, held to
// the end of the transaction, so the partitions a call planned are the ones its transaction holds: counted, not
// timed. A join that cannot prune is the control: it holds every range.
describe('lookups by event plan only the partitions holding the events', () => {
  let context: TestContext;
  let ingest: IngestHarness;
  let tenant: TestTenant;
  let destination: string;
  let endpoint: { id: string; path: string };
  const eventIds: string[] = [];
  let today: string;

  /** Runs `work` as the application role in one transaction, and returns what it gave with the leaf partitions it locked. */
  const lockedBy = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<{ result: T; partitions: string[] }> => {
    const client = await context.pool.connect();
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
      client.release();
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
    await context.ownerPool.query(
      `SELECT relay_create_range_partitions(p.id, d::date, d::date + 1)
         FROM plans p, generate_series($1::date - $2::int, $1::date - 1, interval '1 day') AS d
        WHERE NOT EXISTS (SELECT 1 FROM event_partitions x WHERE x.plan_id = p.id AND x.starts_on = d::date)`,
      [now.toISOString().slice(0, 10), PAST_DAYS],
    );
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
      client.query('SELECT * FROM relay_fan_out($1, $2::uuid[], $3)', [tenant.tenantId, eventIds, context.runtime.now()]),
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

  it('a destination’s heads come with their bodies, in capture order, and plan only today’s partitions', async () => {
    const { result, partitions } = await lockedBy((client) =>
      client.query<{ event_id: string; body: Buffer; state: string; content_type: string }>(
        'SELECT * FROM relay_delivery_heads($1, $2, 10, $3)',
        [tenant.tenantId, destination, context.runtime.now()],
      ),
    );
    expect(result.rows.map((row) => row.event_id)).toEqual(eventIds);
    expect(result.rows.map((row) => JSON.parse(row.body.toString()))).toEqual([{ order: 1 }, { order: 2 }, { order: 3 }]);
    expect(result.rows.every((row) => row.state === 'unattempted' && row.content_type === 'application/json')).toBe(true);
    expect(partitions).toEqual(expect.arrayContaining([`events_pro_${today}`, `payloads_pro_${today}`, `event_checks_pro_${today}`]));
    expect(onlyTodayOrDefault(partitions)).toEqual([]);
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

  it('keeps planning each call with its own ids (no generic plan after the first five calls)', async () => {
    const heads = () =>
      lockedBy((client) =>
        client.query('SELECT event_id FROM relay_delivery_heads($1, $2, 10, $3)', [tenant.tenantId, destination, context.runtime.now()]),
      );
    // More calls than the five custom plans after which PostgreSQL may switch to a generic one.
    for (let i = 0; i < 7; i += 1) expect(onlyTodayOrDefault((await heads()).partitions)).toEqual([]);
  });
});
