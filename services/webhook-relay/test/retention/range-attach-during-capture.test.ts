import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { createTestContext, type TestContext } from '../helpers/test-app.js';

// A capture whose rows go to a plan's default partition while the worker's pass attaches the range that covers
// them (docs/retention.md: every worker down for longer than the ranges made ahead; a tenant joining a plan makes
// its ranges at once, relay_prepare_plan_ranges). PostgreSQL refuses
// such a row once the attach commits; capture must store it in the new range instead of answering 500. The
// interleaving is forced: the attach is held open until the capture is seen waiting on it.
describe('a range attached while a capture routes to the default partition', () => {
  let context: TestContext;
  let ingest: IngestHarness;
  let path: string;

  const send = (body: string) => fetch(`${ingest.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const partitionOf = async (eventId: string) =>
    (await context.ownerPool.query('SELECT tableoid::regclass::text AS name FROM events WHERE id = $1', [eventId])).rows[0]?.name as string;

  beforeAll(async () => {
    context = await createTestContext();
    ingest = await startIngest(context);
    const tenant = await context.newTenant('pro');
    const endpoint = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'orders' }).expect(201)).body;
    path = ingest.pathOf(endpoint.ingest_url);
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  it('stores the event in the new range, answering 200, and keeps the one captured before the attach', async () => {
    // Five days on, past the ranges made when the tenant joined the plan, and no pass since: the day's events of
    // the pro plan go to its default partition.
    context.runtime.advance(5 * 86_400_000);
    const before = (await (await send('{"n":1}')).json()) as { event_id: string };
    expect(await partitionOf(before.event_id)).toBe('relay_partitions.events_pro_default');

    const day = context.runtime.now().toISOString().slice(0, 10);
    const pass = await context.ownerPool.connect();
    try {
      await pass.query('BEGIN');
      await pass.query("SELECT relay_create_range_partitions('pro', $1::date, $1::date + 1)", [day]);
      // The attach holds the default partitions until it commits: the capture routed there waits for it.
      const answer = send('{"n":2}');
      for (let waited = 0; ; waited += 20) {
        const { rows } = await context.ownerPool.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%relay_capture_batch%'`,
        );
        if (rows[0].n > 0) break;
        if (waited > 10_000) throw new Error('the capture never waited for the attach');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await pass.query('COMMIT');
      const response = await answer;
      const text = await response.text();
      expect({ status: response.status, text }).toEqual({ status: 200, text: expect.stringContaining('event_id') });
      const after = JSON.parse(text) as { event_id: string };
      const range = `relay_partitions.events_pro_${day.replaceAll('-', '')}`;
      expect(await partitionOf(after.event_id)).toBe(range);
      expect(await partitionOf(before.event_id)).toBe(range);
    } finally {
      await pass.query('ROLLBACK').catch(() => undefined);
      pass.release();
    }
  });
});
