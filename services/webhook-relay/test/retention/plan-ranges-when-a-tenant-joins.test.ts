import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { api, createTestContext, INGEST_BASE, type TestContext } from '../helpers/test-app.js';

const ADMIN_KEY = 'relay-admin-0123456789abcdefghijklmnopqrstuvwxyz';
const admin = { Authorization: `Bearer ${ADMIN_KEY}` };

// A plan nobody is on has no ranges, only its default partition (docs/retention.md). A tenant put on it (created on
// it, or moved to it) must find the plan's ranges made in the same transaction: its first events land in a range of
// their own, so no later pass moves them out of the default partition while delivery workers read them.
describe("a tenant put on a plan nobody was on gets the plan's ranges at once", () => {
  let context: TestContext;
  let ingest: IngestHarness;

  beforeAll(async () => {
    context = await createTestContext({
      config: { ingestBaseUrl: INGEST_BASE, IDEMPOTENCY_TTL_SECONDS: 3600, TRUST_PROXY: false, RELAY_ADMIN_API_KEY: ADMIN_KEY },
    });
    ingest = await startIngest(context);
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  const day = (offset: number) => new Date(context.runtime.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  /** The plan's ranges as [first day, day after the last], oldest first. */
  const rangesOf = async (plan: string) =>
    (
      await context.ownerPool.query<{ starts_on: string; ends_on: string }>(
        `SELECT to_char(starts_on, 'YYYY-MM-DD') AS starts_on, to_char(ends_on, 'YYYY-MM-DD') AS ends_on
           FROM event_partitions WHERE plan_id = $1 ORDER BY starts_on`,
        [plan],
      )
    ).rows;
  const partitionOf = async (eventId: string) =>
    (await context.ownerPool.query('SELECT tableoid::regclass::text AS name FROM events WHERE id = $1', [eventId])).rows[0]?.name as string;
  const captureFor = async (auth: { Authorization: string }) => {
    const endpoint = (await checkedApi(context).post('/v1/endpoints').set(auth).send({ name: 'orders' }).expect(201)).body;
    const answer = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, { method: 'POST', body: '{"n":1}' });
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { event_id: string }).event_id;
  };

  it('creating a tenant on the plan makes its ranges from today through two days ahead, and its first event lands in one', async () => {
    expect(await rangesOf('free')).toEqual([]);
    const created = (await api(context).post('/admin/tenants').set(admin).send({ name: 'First', plan: 'free' }).expect(201)).body;
    // free keeps 7 days: a range per day.
    expect(await rangesOf('free')).toEqual([
      { starts_on: day(0), ends_on: day(1) },
      { starts_on: day(1), ends_on: day(2) },
      { starts_on: day(2), ends_on: day(3) },
    ]);
    const eventId = await captureFor({ Authorization: `Bearer ${created.api_key.key}` });
    expect(await partitionOf(eventId)).toBe(`relay_partitions.events_free_${day(0).replaceAll('-', '')}`);
  });

  it('moving a tenant to the plan makes them too, and a second tenant joining it makes none', async () => {
    const tenant = await context.newTenant('free');
    expect(await rangesOf('enterprise')).toEqual([]);
    await api(context).patch(`/admin/tenants/${tenant.tenantId}`).set(admin).send({ plan: 'enterprise' }).expect(200);
    // enterprise keeps 365 days: ranges of 13 days, aligned on 1970-01-01, so today through two days ahead is one or two.
    const ranges = await rangesOf('enterprise');
    expect(ranges.length).toBeGreaterThanOrEqual(1);
    expect(ranges[0]!.starts_on).toBe(day(0));
    expect(ranges.at(-1)!.ends_on > day(2)).toBe(true);
    expect(await partitionOf(await captureFor(tenant.auth))).toMatch(/^relay_partitions\.events_enterprise_\d{8}$/);

    const second = await context.newTenant('free');
    await api(context).patch(`/admin/tenants/${second.tenantId}`).set(admin).send({ plan: 'enterprise' }).expect(200);
    expect(await rangesOf('enterprise')).toEqual(ranges);
  });

  it('waits for a pass in progress instead of racing it, and still changes the plan when the pass holds on too long', async () => {
    const tenant = await context.newTenant('free');
    const pass = await context.ownerPool.connect();
    try {
      await pass.query('BEGIN');
      await pass.query("SELECT pg_advisory_xact_lock(hashtextextended('relay_partition_maintenance', 0))");
      // The pass keeps the maintenance lock past the function's lock_timeout: the plan changes, without ranges.
      await api(context).patch(`/admin/tenants/${tenant.tenantId}`).set(admin).send({ plan: 'scale' }).expect(200);
      expect(await rangesOf('scale')).toEqual([]);
    } finally {
      await pass.query('ROLLBACK');
      pass.release();
    }
    const detail = (await api(context).get(`/admin/tenants/${tenant.tenantId}`).set(admin).expect(200)).body;
    expect(detail.plan).toBe('scale');
  });
});
