import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ensureBootstrapTenant } from '../../src/domain/tenants/ensure-bootstrap-tenant.js';
import { applyPlanAllowances } from '../../src/domain/tenants/plan-allowances.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { api, createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

// The test clock stands at 2026-11-23: paid plans count in November 2026, the free plan for all time.
const NOVEMBER = '2026-11-01';
const LIFETIME = '1970-01-01';

describe('plan allowances at capture', () => {
  let context: TestContext;
  let ingest: IngestHarness;

  beforeAll(async () => {
    context = await createTestContext();
    ingest = await startIngest(context);
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  async function tenantWithEndpoint(plan: string): Promise<{ tenant: TestTenant; path: string; endpointId: string }> {
    const tenant = await context.newTenant(plan);
    const endpoint = (
      await api(context)
        .post('/v1/endpoints')
        .set(tenant.auth)
        .send({ name: `${plan} endpoint` })
        .expect(201)
    ).body;
    return { tenant, path: ingest.pathOf(endpoint.ingest_url), endpointId: endpoint.id };
  }

  /** As if capture had already counted `events` for the tenant in the period (written as the owner). */
  async function alreadyCaptured(tenantId: string, period: string, events: number): Promise<void> {
    await context.ownerPool.query(
      `INSERT INTO tenant_usage (tenant_id, period_start, slot, events_captured) VALUES ($1, $2, 0, $3)
       ON CONFLICT (tenant_id, period_start, slot) DO UPDATE SET events_captured = tenant_usage.events_captured + excluded.events_captured`,
      [tenantId, period, events],
    );
  }

  const send = (path: string, body: string) =>
    fetch(`${ingest.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

  async function storedFor(tenantId: string): Promise<{ events: number; payloads: number }> {
    const { rows } = await context.ownerPool.query<{ events: string; payloads: string }>(
      'SELECT (SELECT count(*) FROM events WHERE tenant_id = $1) AS events, (SELECT count(*) FROM payloads WHERE tenant_id = $1) AS payloads',
      [tenantId],
    );
    return { events: Number(rows[0]!.events), payloads: Number(rows[0]!.payloads) };
  }

  it('stores exactly the free plan allowance of 5,000 events, answers 429 for the rest and stores nothing of them', async () => {
    const { tenant, path } = await tenantWithEndpoint('free');
    await alreadyCaptured(tenant.tenantId, LIFETIME, 4_990);

    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => send(path, `{"n":${i}}`)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(90);
    const refused = (await responses[statuses.indexOf(429)]!.json()) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe('capture_paused');
    expect(refused.error.message).toMatch(/allowance.*not stored/);
    expect(await storedFor(tenant.tenantId)).toEqual({ events: 10, payloads: 10 });

    await ingest.ingest.usage.flush(); // the chart's counts are written every few seconds
    const usage = (await api(context).get('/v1/usage').set(tenant.auth).expect(200)).body;
    expect(usage).toMatchObject({
      plan: { id: 'free', event_allowance: 5000, allowance_resets: false },
      period_start: null,
      events_captured: 5000,
      events_remaining: 0,
      capture_paused: true,
      paused_reason: 'allowance',
    });
    // The chart's days: 30, today last, with the events capture stored today (the rest of the allowance was spent before, the refused ones are not counted).
    expect(usage.events_per_day).toHaveLength(30);
    expect(usage.events_per_day.at(-1)).toEqual({ day: context.runtime.now().toISOString().slice(0, 10), events: 10 });
    expect(usage.events_per_day.slice(0, -1).every((day: { events: number }) => day.events === 0)).toBe(true);
  });

  it('never overshoots the allowance when many small batches commit at once near the cap', async () => {
    const small = await startIngest(context, { maxBatch: 4 });
    try {
      const { tenant, path } = await tenantWithEndpoint('free');
      await alreadyCaptured(tenant.tenantId, LIFETIME, 4_950);
      const responses = await Promise.all(
        Array.from({ length: 200 }, (_, i) => fetch(`${small.url}${path}`, { method: 'POST', body: `{"i":${i}}` })),
      );
      expect(responses.filter((response) => response.status === 200)).toHaveLength(50);
      expect(responses.filter((response) => response.status === 429)).toHaveLength(150);
      expect((await storedFor(tenant.tenantId)).events).toBe(50);
    } finally {
      await small.close();
    }
  });

  it('never resets the free allowance: a new month changes nothing', async () => {
    const { tenant, path } = await tenantWithEndpoint('free');
    await alreadyCaptured(tenant.tenantId, LIFETIME, 5_000);
    context.runtime.advance(40 * 24 * 3600 * 1000);
    try {
      expect((await send(path, '{}')).status).toBe(429);
    } finally {
      context.runtime.advance(-40 * 24 * 3600 * 1000);
    }
    expect((await storedFor(tenant.tenantId)).events).toBe(0);
  });

  it("counts a paid plan's allowance per calendar month: last month's use does not pause this month", async () => {
    const { tenant, path } = await tenantWithEndpoint('pro');
    await alreadyCaptured(tenant.tenantId, '2026-10-01', 100_000);
    expect((await send(path, '{"month":"november"}')).status).toBe(200);

    await alreadyCaptured(tenant.tenantId, NOVEMBER, 99_999);
    expect((await send(path, '{"n":1}')).status).toBe(429);
    const usage = (await api(context).get('/v1/usage').set(tenant.auth).expect(200)).body;
    expect(usage).toMatchObject({
      plan: { id: 'pro', allowance_resets: true },
      period_start: '2026-11-01T00:00:00.000Z',
      period_end: '2026-12-01T00:00:00.000Z',
      events_captured: 100_000,
      capture_paused: true,
    });
  });

  it('takes paid volumes from RELAY_PLAN_ALLOWANCES', async () => {
    const { path } = await tenantWithEndpoint('scale');
    await applyPlanAllowances(context.pool, { scale: 2 });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await send(path, `{"i":${i}}`)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await applyPlanAllowances(context.pool, { scale: 1_000_000 });
    }
  });

  it('never pauses an unlimited plan, and still counts what it captured', async () => {
    const { tenant, path } = await tenantWithEndpoint('enterprise');
    await alreadyCaptured(tenant.tenantId, NOVEMBER, 50_000_000);
    expect((await send(path, '{}')).status).toBe(200);
    const usage = (await api(context).get('/v1/usage').set(tenant.auth).expect(200)).body;
    expect(usage).toMatchObject({
      plan: { event_allowance: null },
      events_captured: 50_000_001,
      events_remaining: null,
      capture_paused: false,
      paused_reason: null,
    });
  });

  it("pauses capture while an operator's pause is set, whatever the allowance", async () => {
    const { tenant, path } = await tenantWithEndpoint('enterprise');
    await context.ownerPool.query('UPDATE tenants SET capture_paused = true WHERE id = $1', [tenant.tenantId]);
    const response = await send(path, '{}');
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/paused .* by its operator/);
    expect(await storedFor(tenant.tenantId)).toEqual({ events: 0, payloads: 0 });
    expect((await api(context).get('/v1/usage').set(tenant.auth).expect(200)).body).toMatchObject({
      capture_paused: true,
      paused_reason: 'paused',
    });
  });

  it("refuses one tenant's requests without holding back another's in the same batch", async () => {
    const spent = await tenantWithEndpoint('free');
    const open = await tenantWithEndpoint('free');
    await alreadyCaptured(spent.tenant.tenantId, LIFETIME, 5_000);
    const [refused, stored] = await Promise.all([send(spent.path, '{"a":1}'), send(open.path, '{"a":1}')]);
    expect([refused.status, stored.status]).toEqual([429, 200]);
  });

  it('moves the bootstrap tenant to RELAY_BOOTSTRAP_PLAN at start, and audits the change', async () => {
    const tenant = await context.newTenant('free');
    await ensureBootstrapTenant({
      pool: context.pool,
      tenants: context.deps.tenants,
      runtime: context.runtime,
      apiKey: tenant.apiKey,
      plan: 'pro',
    });
    expect((await api(context).get('/v1/usage').set(tenant.auth).expect(200)).body.plan.id).toBe('pro');
    const audit = (await api(context).get('/v1/audit').set(tenant.auth).expect(200)).body.data;
    expect(audit[0]).toMatchObject({ actor: 'system:bootstrap', action: 'tenant.plan_changed', details: { from: 'free', to: 'pro' } });
  });
});
