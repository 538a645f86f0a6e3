// The dashboard chart's events per day (GET /v1/usage events_per_day), counted by the ingest process and written
// every INGEST_USAGE_FLUSH_MS instead of by the capture statement: right after a write, per tenant and UTC day;
// nothing written by capture itself; a failed write kept and written once; capture never held back by the chart's
// table; the last counts written when ingest closes; and no timer while nothing was captured.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../helpers/delivery-harness.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { api, createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

describe("the chart's events per day", () => {
  let context: TestContext;
  // Its timer never fires within a test: only flush() and close() write.
  let ingest: IngestHarness;

  beforeAll(async () => {
    context = await createTestContext();
    ingest = await startIngest(context, { usageFlushMs: HOUR_MS });
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  async function tenantWithEndpoint(via = ingest): Promise<{ tenant: TestTenant; path: string }> {
    const tenant = await context.newTenant('pro');
    const endpoint = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'source' }).expect(201)).body;
    return { tenant, path: via.pathOf(endpoint.ingest_url) };
  }

  async function send(path: string, count: number, via = ingest): Promise<void> {
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) => fetch(`${via.url}${path}`, { method: 'POST', body: `{"n":${i}}` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(count).fill(200));
  }

  /** The chart as the dashboard reads it: day to events, days with none left out. */
  async function chart(tenant: TestTenant): Promise<Record<string, number>> {
    const usage = (await api(context).get('/v1/usage').set(tenant.auth).expect(200)).body as {
      events_per_day: Array<{ day: string; events: number }>;
    };
    return Object.fromEntries(usage.events_per_day.filter((day) => day.events > 0).map((day) => [day.day, day.events]));
  }

  const today = () => context.runtime.now().toISOString().slice(0, 10);

  it('counts each tenant per UTC day once written; capture itself no longer writes them', async () => {
    const first = await tenantWithEndpoint();
    const second = await tenantWithEndpoint();
    await send(first.path, 3);
    await send(second.path, 2);

    expect(await chart(first.tenant)).toEqual({});
    expect(ingest.ingest.usage.scheduled).toBe(true);
    await ingest.ingest.usage.flush();
    expect(await chart(first.tenant)).toEqual({ [today()]: 3 });
    expect(await chart(second.tenant)).toEqual({ [today()]: 2 });
    expect(ingest.ingest.usage.scheduled).toBe(false);

    const yesterday = today();
    context.runtime.advance(DAY_MS);
    try {
      await send(first.path, 1);
      await ingest.ingest.usage.flush();
      expect(await chart(first.tenant)).toEqual({ [yesterday]: 3, [today()]: 1 });
    } finally {
      context.runtime.advance(-DAY_MS);
    }
  });

  it('runs no timer while nothing was captured', async () => {
    const idle = await startIngest(context, { usageFlushMs: HOUR_MS });
    try {
      expect(idle.ingest.usage.scheduled).toBe(false);
      const { path } = await tenantWithEndpoint(idle);
      await send(path, 1, idle);
      expect(idle.ingest.usage.scheduled).toBe(true);
      await idle.ingest.usage.flush();
      expect(idle.ingest.usage.scheduled).toBe(false);
    } finally {
      await idle.close();
    }
  });

  it('writes on its own once the interval has passed', async () => {
    const quick = await startIngest(context, { usageFlushMs: 100 });
    try {
      const { tenant, path } = await tenantWithEndpoint(quick);
      await send(path, 4, quick);
      await eventually(async () => expect(await chart(tenant)).toEqual({ [today()]: 4 }));
    } finally {
      await quick.close();
    }
  });

  it('keeps the counts of a write that failed and writes them, once, with the next', async () => {
    const { tenant, path } = await tenantWithEndpoint();
    await send(path, 5);
    await context.ownerPool.query('REVOKE EXECUTE ON FUNCTION relay_count_daily_usage(uuid[], date[], bigint[]) FROM webhook_relay_app');
    try {
      await ingest.ingest.usage.flush();
      expect(await chart(tenant)).toEqual({});
      expect(ingest.ingest.usage.scheduled).toBe(true);
    } finally {
      await context.ownerPool.query('GRANT EXECUTE ON FUNCTION relay_count_daily_usage(uuid[], date[], bigint[]) TO webhook_relay_app');
    }
    await send(path, 1);
    await ingest.ingest.usage.flush();
    expect(await chart(tenant)).toEqual({ [today()]: 6 });
  });

  it('never holds capture back: with the chart table locked, capture answers, and the write lands once the lock goes', async () => {
    const { tenant, path } = await tenantWithEndpoint();
    await send(path, 2);
    const locker = await context.ownerPool.connect();
    let writing: Promise<void> | undefined;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE tenant_daily_usage IN EXCLUSIVE MODE');
      writing = ingest.ingest.usage.flush(); // waits on the lock
      await send(path, 3); // captured meanwhile: counted for the next write
    } finally {
      await locker.query('COMMIT');
      locker.release();
    }
    await writing;
    await ingest.ingest.usage.flush();
    expect(await chart(tenant)).toEqual({ [today()]: 5 });
  });

  it('writes what is left when ingest closes (the shutdown drain)', async () => {
    const closing = await startIngest(context, { usageFlushMs: HOUR_MS });
    const { tenant, path } = await tenantWithEndpoint(closing);
    await send(path, 7, closing);
    expect(await chart(tenant)).toEqual({});
    await closing.close();
    expect(await chart(tenant)).toEqual({ [today()]: 7 });
  });

  it('skips a tenant deleted since its events were counted, and writes the others', async () => {
    const gone = await tenantWithEndpoint();
    const kept = await tenantWithEndpoint();
    await send(gone.path, 2);
    await send(kept.path, 2);
    await context.ownerPool.query('DELETE FROM tenants WHERE id = $1', [gone.tenant.tenantId]);
    await ingest.ingest.usage.flush();
    expect(await chart(kept.tenant)).toEqual({ [today()]: 2 });
    expect(ingest.ingest.usage.scheduled).toBe(false);
  });
});
