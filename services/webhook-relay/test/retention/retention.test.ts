import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { purgeExpired } from '../../src/domain/retention/purge-expired.js';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { RetentionPurger } from '../../src/retention/retention-purger.js';
import { dropKeys, REDIS_URL } from '../helpers/delivery-harness.js';
import { checkedApi } from '../helpers/contract.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;
// pg_locks shows every database of the server (other test files' too).
const THIS_DATABASE = 'database = (SELECT oid FROM pg_database WHERE datname = current_database())';

// Retention (docs/retention.md): the free plan keeps 7 days, pro 30; events, payloads and checks are partitioned by
// plan and day and dropped a partition at a time. Time is the test runtime's clock, moved on instead of waited for;
// events are captured through the real ingest path (relay_capture_batch).
describe('retention', () => {
  let context: TestContext;
  let ingest: IngestHarness;
  let queues: DeliveryQueues;
  const prefix = `relay-test-${randomBytes(6).toString('hex')}`;
  let free: TestTenant;
  let pro: TestTenant;
  const endpoints: Record<string, { id: string; path: string }> = {};
  let destination: string;
  // Captured on day 0; the clock then moves on 8 days.
  const old: Record<string, string> = {};
  const live: Record<string, string> = {};

  const createEndpoint = async (tenant: TestTenant, name: string) => {
    const body = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name }).expect(201)).body;
    return { id: body.id as string, path: ingest.pathOf(body.ingest_url) };
  };
  const send = async (path: string, body: string): Promise<string> => {
    const answer = await fetch(`${ingest.url}${path}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { event_id: string }).event_id;
  };
  const purge = () => purgeExpired({ pool: context.pool, now: context.runtime.now(), batch: 2, maxBatches: 100 });
  const count = async (sql: string, params: unknown[]) => Number((await context.ownerPool.query(sql, params)).rows[0].n);
  // A plan change is caught up a minute after it was made (relay_retention_catch_up): as if it were made earlier.
  const minuteLater = (tenantId: string) =>
    context.ownerPool.query("UPDATE retention_catch_up SET requested_at = requested_at - interval '2 minutes' WHERE tenant_id = $1", [
      tenantId,
    ]);
  const partitionOf = async (eventId: string) =>
    (await context.ownerPool.query('SELECT tableoid::regclass::text AS name FROM events WHERE id = $1', [eventId])).rows[0]?.name as string;
  const deadLetter = async (tenantId: string, eventId: string) => {
    const { rows } = await context.ownerPool.query(
      `INSERT INTO deliveries (id, tenant_id, destination_id, event_id, state, attempts, dead_lettered_at, created_at)
       VALUES (relay_uuid7(), $1, $2, $3, 'dead_lettered', 1, $4, $4) RETURNING id`,
      [tenantId, destination, eventId, context.runtime.now()],
    );
    await context.ownerPool.query(
      `INSERT INTO delivery_attempts (id, tenant_id, delivery_id, event_id, started_at, duration_ms, status_code)
       VALUES (relay_uuid7(), $1, $2, $3, $4, 12, 500)`,
      [tenantId, rows[0].id, eventId, context.runtime.now()],
    );
    return rows[0].id as string;
  };

  beforeAll(async () => {
    context = await createTestContext();
    // Replays queue their deliveries (no worker takes them here).
    queues = new DeliveryQueues(connectRedis(REDIS_URL), prefix);
    context.deps.delivery = { queues, wake: () => undefined };
    ingest = await startIngest(context);
    free = await context.newTenant('free');
    pro = await context.newTenant('pro');
    // The worker's first pass at the test clock: the partitions of the plans in use from today through 2 days ahead.
    await purge();
    endpoints.free = await createEndpoint(free, 'free orders');
    endpoints.pro = await createEndpoint(pro, 'pro orders');
    destination = (
      await checkedApi(context)
        .post('/v1/destinations')
        .set(free.auth)
        .send({ name: 'billing', url: 'https://receiver.example.test/hook' })
        .expect(201)
    ).body.id;
    await checkedApi(context)
      .post('/v1/subscriptions')
      .set(free.auth)
      .send({ endpoint_id: endpoints.free!.id, destination_id: destination })
      .expect(201);

    old.alone = await send(endpoints.free!.path, '{"only":"the expired event has this body"}');
    old.shared = await send(endpoints.free!.path, '{"shared":"by an expired and a live event"}');
    old.pro = await send(endpoints.pro!.path, '{"pro":"kept 30 days"}');
    old.deadLetter = await deadLetter(free.tenantId, old.alone);
    // As capture feeds an endpoint with an MCP trigger.
    await context.ownerPool.query(
      'INSERT INTO trigger_events (tenant_id, endpoint_id, capture_seq, event_id) SELECT tenant_id, endpoint_id, capture_seq, id FROM events WHERE id = $1',
      [old.alone],
    );
    await checkedApi(context).post('/v1/audit/verify').set(free.auth).expect(200);
    context.runtime.advance(8 * DAY_MS);
    live.shared = await send(endpoints.free!.path, '{"shared":"by an expired and a live event"}');
    live.fresh = await send(endpoints.free!.path, '{"fresh":true}');
    live.deadLetter = await deadLetter(free.tenantId, live.fresh);
  });
  afterAll(async () => {
    await ingest.close();
    await queues.close();
    await dropKeys(prefix);
    queues.connection.disconnect();
    await context.close();
  });

  describe('before the purge has run', () => {
    it('lists only events inside the window', async () => {
      const { body } = await checkedApi(context).get('/v1/events').set(free.auth).expect(200);
      // Both were captured in the same millisecond of the test clock: their order is their ids' random part.
      expect(body.data.map((event: { id: string }) => event.id).sort()).toEqual([live.fresh, live.shared].sort());
      const range = await checkedApi(context).get('/v1/events?from=2026-01-01T00:00:00Z').set(free.auth).expect(200);
      expect(range.body.data).toHaveLength(2);
    });

    it('answers 410 expired for an expired event, naming the window', async () => {
      const { body } = await checkedApi(context).get(`/v1/events/${old.alone}`).set(free.auth).expect(410);
      expect(body.error.code).toBe('expired');
      expect(body.error.message).toContain('retention window of 7 days');
      expect(body.error.message).toContain('2026-11-24T10:00:00.000Z');
    });

    it('keeps the same event for a tenant whose plan keeps it longer', async () => {
      await checkedApi(context).get(`/v1/events/${old.pro}`).set(pro.auth).expect(200);
    });

    it('refuses to replay an expired event, by id, by dead letter or by a range that ends before the window', async () => {
      const byId = await checkedApi(context)
        .post('/v1/replays')
        .set(free.auth)
        .send({ destination_id: destination, event_ids: [live.fresh, old.alone] })
        .expect(410);
      expect(byId.body.error.message).toContain(`event ${old.alone}`);
      await checkedApi(context)
        .post('/v1/replays')
        .set(free.auth)
        .send({ destination_id: destination, delivery_ids: [old.deadLetter] })
        .expect(410);
      await checkedApi(context)
        .post('/v1/replays')
        .set(free.auth)
        .send({ destination_id: destination, from: '2026-11-23T00:00:00Z', to: '2026-11-24T00:00:00Z' })
        .expect(410);
      // A range that starts before the window replays only what is inside it.
      const clipped = await checkedApi(context)
        .post('/v1/replays')
        .set(free.auth)
        .send({ destination_id: destination, from: '2026-11-01T00:00:00Z', to: '2026-12-31T00:00:00Z' })
        .expect(201);
      expect(clipped.body.replayed).toBe(2);
    });

    it('hides the deliveries and dead letters of expired events', async () => {
      const letters = await checkedApi(context).get('/v1/deliveries?state=dead_lettered').set(free.auth).expect(200);
      expect(letters.body.data.map((row: { id: string }) => row.id)).toEqual([live.deadLetter]);
      await checkedApi(context).get(`/v1/deliveries/${old.deadLetter}`).set(free.auth).expect(410);
      await checkedApi(context).get(`/v1/deliveries?event_id=${old.alone}`).set(free.auth).expect(410);
    });
  });

  describe('the purge', () => {
    let totals: Awaited<ReturnType<typeof purge>>;
    beforeAll(async () => {
      totals = await purge();
    });

    it("drops the free plan's partition of the expired day, and only that one", async () => {
      expect(totals).toMatchObject({ partitionsDropped: 1, busy: false });
      expect(await count("SELECT count(*) AS n FROM event_partitions WHERE plan_id = 'free' AND starts_on = '2026-11-23'", [])).toBe(0);
      expect(await count("SELECT count(*) AS n FROM event_partitions WHERE plan_id = 'pro' AND starts_on = '2026-11-23'", [])).toBe(1);
      expect(
        await count("SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'relay_partitions' AND tablename LIKE '%free_20261123'", []),
      ).toBe(0);
    });

    it('moves the events captured while their range had no partition out of the default partition', async () => {
      expect(await partitionOf(live.fresh!)).toBe('relay_partitions.events_free_20261201');
      expect(await count('SELECT count(*) AS n FROM relay_partitions.events_free_default', [])).toBe(0);
    });

    it('removes expired events with their checks, trigger feed rows, deliveries, dead letters and attempts', async () => {
      expect(await count('SELECT count(*) AS n FROM events WHERE id = ANY ($1)', [[old.alone, old.shared]])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM event_checks WHERE event_id = ANY ($1)', [[old.alone, old.shared]])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM deliveries WHERE event_id = ANY ($1)', [[old.alone, old.shared]])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM trigger_events WHERE event_id = $1', [old.alone])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM delivery_attempts WHERE delivery_id = $1', [old.deadLetter])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM delivery_attempts WHERE delivery_id = $1', [live.deadLetter])).toBe(1);
    });

    it("keeps live events, another plan's events of the same age, and a payload a live event shares", async () => {
      expect(await count('SELECT count(*) AS n FROM events WHERE id = ANY ($1)', [[live.shared, live.fresh, old.pro]])).toBe(3);
      const shared = await checkedApi(context).get(`/v1/events/${live.shared}`).set(free.auth).expect(200);
      expect(shared.body.body.data).toContain('by an expired and a live event');
      expect(
        await count("SELECT count(*) AS n FROM payloads WHERE convert_from(body, 'UTF8') LIKE '%the expired event has this body%'", []),
      ).toBe(0);
    });

    it('still answers 410, not 404, for a purged event', async () => {
      await checkedApi(context).get(`/v1/events/${old.alone}`).set(free.auth).expect(410);
    });

    it('leaves the audit chain whole', async () => {
      const { body } = await checkedApi(context).post('/v1/audit/verify').set(free.auth).expect(200);
      expect(body).toMatchObject({ intact: true, first_broken: null, anchor_mismatch: null });
    });

    it("finds nothing more to do on the worker's next pass", async () => {
      const { pool, runtime, logger } = context.deps;
      const purger = new RetentionPurger({ pool, runtime, logger, intervalMs: 60_000, batch: 100 });
      expect(await purger.pass()).toEqual({
        partitionsCreated: 0,
        partitionsDropped: 0,
        eventsRemoved: 0,
        eventsMoved: 0,
        idempotencyRecords: 0,
        busy: false,
      });
      await purger.close();
    });

    it('does nothing while another process holds the purge (one replica works at a time)', async () => {
      const holder = await context.ownerPool.connect();
      try {
        await holder.query('BEGIN');
        await holder.query("SELECT pg_advisory_xact_lock(hashtextextended('relay_partition_maintenance', 0))");
        expect((await purge()).busy).toBe(true);
      } finally {
        await holder.query('ROLLBACK');
        holder.release();
      }
    });
  });

  it('removes the events of an endpoint deleted with purge_events=true at once, and audits how many', async () => {
    const doomed = await createEndpoint(free, 'to purge');
    const events = [await send(doomed.path, '{"purge":1}'), await send(doomed.path, '{"purge":2}')];
    const letter = await deadLetter(free.tenantId, events[0]!);
    const bad = await checkedApi(context).delete(`/v1/endpoints/${doomed.id}?purge_events=yes`).set(free.auth).expect(400);
    expect(bad.body.error.message).toContain('purge_events');
    await checkedApi(context).delete(`/v1/endpoints/${doomed.id}?purge_events=true`).set(free.auth).expect(204);
    expect(await count('SELECT count(*) AS n FROM events WHERE endpoint_id = $1', [doomed.id])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM deliveries WHERE id = $1', [letter])).toBe(0);
    await checkedApi(context).get(`/v1/events/${events[1]}`).set(free.auth).expect(404);
    const audit = await checkedApi(context).get('/v1/audit?limit=1').set(free.auth).expect(200);
    expect(audit.body.data[0]).toMatchObject({
      action: 'endpoint.deleted',
      target: { type: 'endpoint', id: doomed.id },
      details: { events_purged: 2 },
    });
    // Their bodies, which nothing can reach any more, go with their day's partition.
  });

  it("removes what a shorter plan's window no longer holds when a tenant's plan changes", async () => {
    // The pro tenant's 8-day-old event outlived the first purge (30 days), in the pro plan's partition.
    expect(await partitionOf(old.pro!)).toBe('relay_partitions.events_pro_20261123');
    await context.ownerPool.query("UPDATE tenants SET plan_id = 'free' WHERE id = $1", [pro.tenantId]);
    await checkedApi(context).get(`/v1/events/${old.pro}`).set(pro.auth).expect(410);
    // A change is caught up a minute after it was made (captures that read the old plan have committed by then).
    expect(await purge()).toMatchObject({ eventsRemoved: 0 });
    await minuteLater(pro.tenantId);
    expect(await purge()).toMatchObject({ eventsRemoved: 1 });
    expect(await count('SELECT count(*) AS n FROM events WHERE id = $1', [old.pro])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM retention_catch_up', [])).toBe(0);
  });

  it("moves a tenant's events into its new plan's partitions when its plan grows, so they outlive the old window", async () => {
    const upgrader = await context.newTenant('free');
    const endpoint = await createEndpoint(upgrader, 'growing');
    const kept = await send(endpoint.path, '{"kept":"for the new plan\'s 30 days"}');
    expect(await partitionOf(kept)).toMatch(/^relay_partitions\.events_free_/);
    context.runtime.advance(3 * DAY_MS);
    await context.ownerPool.query("UPDATE tenants SET plan_id = 'pro' WHERE id = $1", [upgrader.tenantId]);
    await minuteLater(upgrader.tenantId);
    expect(await purge()).toMatchObject({ eventsMoved: 1 });
    expect(await partitionOf(kept)).toMatch(/^relay_partitions\.events_pro_/);
    // Past the free plan's window: its partitions of that day are gone, the event and its body are not.
    context.runtime.advance(5 * DAY_MS);
    expect((await purge()).partitionsDropped).toBeGreaterThan(0);
    const { body } = await checkedApi(context).get(`/v1/events/${kept}`).set(upgrader.auth).expect(200);
    expect(body.body.data).toContain("for the new plan's 30 days");
  });

  it('tells a trigger, with a 410 naming the window, that unread events expired, before and after the purge, and lets it go on', async () => {
    const watched = await createEndpoint(free, 'watched by an agent');
    const wait = (ack?: string) =>
      checkedApi(context)
        .post('/v1/triggers/wait')
        .set(free.auth)
        .send({ endpoint_id: watched.id, trigger: 'agent', ...(ack ? { ack } : {}) });
    expect((await wait()).status).toBe(200);
    await send(watched.path, '{"never":"read in time"}');
    context.runtime.advance(8 * DAY_MS);
    const fresh = await send(watched.path, '{"read":"in time"}');
    const before = await wait();
    expect(before.status).toBe(410);
    expect(before.body.error).toMatchObject({ code: 'expired', message: expect.stringContaining('retention window of 7 days') });
    const resume = /pass ack "([^"]+)"/.exec(before.body.error.message)![1]!;
    await purge();
    const after = await wait();
    expect(after.status).toBe(410);
    expect(after.body.error.message).toContain(`pass ack "${resume}"`);
    const goingOn = await wait(resume);
    expect(goingOn.status).toBe(200);
    expect(goingOn.body.events.map((event: { id: string }) => event.id)).toEqual([fresh]);
  });

  it('loses nothing inside the window when the purge runs during a capture: the partition waits for the next pass', async () => {
    await purge();
    const expiring = await send(endpoints.free!.path, '{"race":"same body as a capture in flight"}');
    const expiringPartition = await partitionOf(expiring);
    context.runtime.advance(8 * DAY_MS);
    // A capture of a subscribed endpoint waits for its tenant's capture-order lock after it stored the payload and
    // before it inserts its event: hold that lock to stop it right there, holding its locks on the free plan's tables.
    const holder = await context.ownerPool.connect();
    let captured: Promise<string> | undefined;
    try {
      await holder.query("SELECT pg_advisory_lock(hashtextextended('relay_capture_order:' || $1::text, 0))", [free.tenantId]);
      captured = send(endpoints.free!.path, '{"race":"same body as a capture in flight"}');
      await waitFor(
        async () =>
          (await count(`SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND ${THIS_DATABASE}`, [])) === 1,
      );
      // Dropping the expired partition needs the free plan's tables to itself: it gives up after lock_timeout and
      // leaves the partition for the next pass, instead of waiting with every later capture queued behind it.
      await purge();
      expect(await partitionOf(expiring)).toBe(expiringPartition);
    } finally {
      await holder.query("SELECT pg_advisory_unlock(hashtextextended('relay_capture_order:' || $1::text, 0))", [free.tenantId]);
      holder.release();
    }
    const eventId = await captured!;
    const { body } = await checkedApi(context).get(`/v1/events/${eventId}`).set(free.auth).expect(200);
    expect(body.body.data).toContain('same body as a capture in flight');
    // The next pass drops it; the event captured during the race keeps its body.
    await purge();
    expect(await count('SELECT count(*) AS n FROM events WHERE id = $1', [expiring])).toBe(0);
    await checkedApi(context).get(`/v1/events/${expiring}`).set(free.auth).expect(410);
    expect((await checkedApi(context).get(`/v1/events/${eventId}`).set(free.auth).expect(200)).body.body.data).toContain('in flight');
  });

  it('has partitions two days ahead, so capture never waits at a boundary, and drops a day at its exact end', async () => {
    const tenant = await context.newTenant('free');
    const endpoint = await createEndpoint(tenant, 'boundaries');
    const setClock = (at: string) => context.runtime.advance(new Date(at).getTime() - context.runtime.now().getTime());
    setClock('2027-03-01T12:00:00.000Z');
    await purge();
    // Every plan some tenant is on has its ranges through the 3rd; a plan nobody is on has none.
    const covered = await context.ownerPool.query(
      `SELECT p.id, EXISTS (SELECT 1 FROM tenants t WHERE t.plan_id = p.id) AS in_use,
              (SELECT max(x.ends_on) FROM event_partitions x WHERE x.plan_id = p.id AND x.ends_on > '2027-03-01')::text AS through
         FROM plans p ORDER BY p.id`,
    );
    for (const row of covered.rows) {
      if (row.in_use) expect(row.through >= '2027-03-04').toBe(true);
      else expect(row.through).toBeNull();
    }
    // The last millisecond of the last day created ahead, and the first one after it.
    setClock('2027-03-03T23:59:59.999Z');
    const lastAhead = await send(endpoint.path, '{"at":"the last millisecond ahead"}');
    setClock('2027-03-04T00:00:00.000Z');
    const beyond = await send(endpoint.path, '{"at":"the first millisecond beyond"}');
    expect(await partitionOf(lastAhead)).toBe('relay_partitions.events_free_20270303');
    expect(await partitionOf(beyond)).toBe('relay_partitions.events_free_default');
    await purge();
    expect(await partitionOf(beyond)).toBe('relay_partitions.events_free_20270304');
    // Seven days after the first millisecond of the 4th: the 3rd is wholly past the window, the 4th is not.
    setClock('2027-03-11T00:00:00.000Z');
    await purge();
    await checkedApi(context).get(`/v1/events/${lastAhead}`).set(tenant.auth).expect(410);
    expect(await count('SELECT count(*) AS n FROM events WHERE id = $1', [lastAhead])).toBe(0);
    const { body } = await checkedApi(context).get(`/v1/events/${beyond}`).set(tenant.auth).expect(200);
    expect(body.body.data).toContain('the first millisecond beyond');
  });

  it("removes a dropped day's deliveries of a tenant whose plan change is not caught up yet, and not those of its other plan", async () => {
    // Until relay_retention_catch_up has moved them, the tenant's events of one day are in two plans' partitions:
    // the pass removes the deliveries of the events in the range it drops, and keeps those of the same day's events
    // in the other plan's range (the join path; a tenant with no change waiting is removed by id range alone).
    const mover = await context.newTenant('free');
    const endpoint = await createEndpoint(mover, 'changing plans');
    const underFree = await send(endpoint.path, '{"captured":"under the free plan"}');
    await context.ownerPool.query("UPDATE tenants SET plan_id = 'pro' WHERE id = $1", [mover.tenantId]);
    const underPro = await send(endpoint.path, '{"captured":"under the pro plan, the same day"}');
    expect(await partitionOf(underFree)).toMatch(/^relay_partitions\.events_free_/);
    expect(await partitionOf(underPro)).toMatch(/^relay_partitions\.events_pro_/);
    const expired = await deadLetter(mover.tenantId, underFree);
    const kept = await deadLetter(mover.tenantId, underPro);
    context.runtime.advance(8 * DAY_MS);
    expect((await purge()).partitionsDropped).toBeGreaterThan(0);
    expect(await count('SELECT count(*) AS n FROM retention_catch_up WHERE tenant_id = $1', [mover.tenantId])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM events WHERE id = ANY ($1)', [[underFree, underPro]])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM deliveries WHERE id = $1', [expired])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM delivery_attempts WHERE delivery_id = $1', [expired])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM deliveries WHERE id = $1', [kept])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM delivery_attempts WHERE delivery_id = $1', [kept])).toBe(1);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
