// An endpoint's event-type catalog counts each sealed day once (endpoint_event_type_days) and, on every read, only
// the window's first day and the days not sealed yet from the events: its cost follows the last day's traffic,
// not everything captured within the retention window. Time is the test runtime's clock, moved on.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listEndpointEventTypes } from '../../src/domain/event-types/list-endpoint-event-types.js';
import { retentionWindow } from '../../src/domain/retention/retention-window.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { api, createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { ROWS_READ_BY_TABLE } from '../helpers/rows-read.js';

const HOUR_MS = 60 * 60 * 1000;

describe("an endpoint's event-type catalog over days", () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;
  let endpoint: { id: string; ingest_url: string };
  let sent = 0;

  beforeAll(async () => {
    context = await createTestContext();
    tenant = await context.newTenant('pro');
    ingest = await startIngest(context);
    endpoint = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'catalog days' }).expect(201)).body;
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  const send = async (type: string, times: number) => {
    for (let n = 0; n < times; n += 1) {
      const response = await fetch(`${ingest.url}${ingest.pathOf(endpoint.ingest_url)}`, {
        method: 'POST',
        body: JSON.stringify({ type, n: (sent += 1) }),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.status).toBe(200);
    }
  };
  const counts = async () => {
    const { body } = await api(context).get(`/v1/endpoints/${endpoint.id}/event-types`).set(tenant.auth).expect(200);
    return Object.fromEntries((body.data as Array<{ event_type: string; count: number }>).map((row) => [row.event_type, row.count]));
  };
  const storedDays = async () =>
    (
      await context.ownerPool.query<{ day: string; event_type: string; count: string }>(
        `SELECT day::text, event_type, count FROM endpoint_event_type_days WHERE endpoint_id = $1 ORDER BY day, event_type`,
        [endpoint.id],
      )
    ).rows.map((row) => `${row.day} ${row.event_type} ${row.count}`);

  it('keeps each day once it is sealed, reads only the unsealed days from events, and drops days that leave the window', async () => {
    // 2026-11-23 10:00 (the test clock's start), then 2026-11-24 11:00.
    await send('push', 3);
    await send('issues', 1);
    context.runtime.advance(25 * HOUR_MS);
    await send('push', 2);
    await send('ping', 2);

    // 2026-11-25 00:30: the 24th ended half an hour ago, so it is not sealed yet and is counted from its events.
    context.runtime.advance(13.5 * HOUR_MS);
    expect(await counts()).toEqual({ push: 5, issues: 1, ping: 2 });
    expect(await storedDays()).toEqual(['2026-11-23 issues 1', '2026-11-23 push 3']);

    // 2026-11-25 10:00: both days are sealed and kept; today's event is counted from the events.
    context.runtime.advance(9.5 * HOUR_MS);
    await send('issues', 1);
    expect(await counts()).toEqual({ push: 5, issues: 2, ping: 2 });
    expect(await storedDays()).toEqual(['2026-11-23 issues 1', '2026-11-23 push 3', '2026-11-24 ping 2', '2026-11-24 push 2']);

    // Read again, in one transaction that also asks PostgreSQL what it read: of the events, today's one only.
    // pg_stat_xact_user_tables holds what this connection has not reported yet (earlier transactions' reads too), so
    // the reads are its growth across the listing. The test's partitions hold a few rows, which PostgreSQL would read
    // whole; with sequential scans off it plans as for partitions of any size, by the (endpoint_id, id) index.
    const { rows, eventsRead } = await context.deps.tenants.run(tenant.tenantId, async (tx) => {
      await tx.$executeRaw`SET LOCAL enable_seqscan = off`;
      const now = context.runtime.now();
      const window = await retentionWindow(tx, tenant.tenantId, now);
      const eventRowsRead = async () =>
        (await tx.$queryRawUnsafe<Array<{ name: string; rows_read: number }>>(ROWS_READ_BY_TABLE)).find((row) => row.name === 'events')
          ?.rows_read ?? 0;
      const before = await eventRowsRead();
      const listed = await listEndpointEventTypes({ tx, tenantId: tenant.tenantId, endpointId: endpoint.id, window, now });
      return { rows: listed, eventsRead: (await eventRowsRead()) - before };
    });
    expect(Object.fromEntries(rows.map((row) => [row.eventType, row.count]))).toEqual({ push: 5, issues: 2, ping: 2 });
    expect(rows.find((row) => row.eventType === 'push')).toMatchObject({
      firstSeenAt: new Date('2026-11-23T10:00:00.000Z'),
      lastSeenAt: new Date('2026-11-24T11:00:00.000Z'),
    });
    expect(eventsRead).toBeLessThanOrEqual(1);

    // 2026-12-24 10:30: the pro plan's 30 days start within the 24th, whose events (11:00) are still in the window,
    // counted from the events; the 23rd has left it, and its counts are dropped (the 24th's too: a window's first day
    // is always counted from the events). The 25th is kept.
    context.runtime.advance(29 * 24 * HOUR_MS + 0.5 * HOUR_MS);
    expect(await counts()).toEqual({ push: 2, ping: 2, issues: 1 });
    expect(await storedDays()).toEqual(['2026-11-25 issues 1']);
  });
});
