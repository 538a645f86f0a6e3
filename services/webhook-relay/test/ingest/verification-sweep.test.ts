import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';

// Events whose check never ran (the process died between commit and verification), as the owner would
// find them after a crash: stored, due a check, without a result.
describe('the verification sweep after a crash', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;
  let endpointId: string;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context);
    endpointId = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'sw', provider: 'standard-webhooks' }).expect(201))
      .body.id;
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  async function leaveUnchecked(count: number, receivedAt: string): Promise<void> {
    // As capture makes them: each id a UUIDv7 of the received time, in the tenant's plan's partition of that day.
    await context.ownerPool.query(
      `INSERT INTO payloads (tenant_id, sha256, plan_id, day, body, size)
       SELECT $1, sha256('{}'), t.plan_id, ($2::timestamptz AT TIME ZONE 'UTC')::date, '{}', 2 FROM tenants t WHERE t.id = $1
       ON CONFLICT DO NOTHING`,
      [tenant.tenantId, receivedAt],
    );
    const ids = Array.from({ length: count }, () => context.runtime.newIdAt(new Date(receivedAt)));
    await context.ownerPool.query(
      `INSERT INTO events (id, tenant_id, endpoint_id, received_at, method, path, headers, payload_sha256, to_verify, plan_id, day)
       SELECT u.id, $1, $2, $3::timestamptz, 'POST', '/whep_x', '[]', sha256('{}'), true, t.plan_id, relay_uuid7_day(u.id)
         FROM unnest($4::uuid[]) AS u(id), tenants t WHERE t.id = $1`,
      [tenant.tenantId, endpointId, receivedAt, ids],
    );
  }

  const unchecked = async () =>
    Number(
      (
        await context.ownerPool.query(
          'SELECT count(*) AS n FROM events e WHERE e.to_verify AND NOT EXISTS (SELECT 1 FROM event_checks c WHERE c.event_id = e.id)',
        )
      ).rows[0].n,
    );

  it('drains a backlog larger than one sweep batch in one sweep, each event checked once', async () => {
    // The test clock stands at 10:00; the sweep takes what is older than its 10 s grace.
    await leaveUnchecked(4500, '2026-11-23T09:58:00Z');
    expect(await ingest.ingest.verification.sweep()).toBe(4500);
    await ingest.ingest.verification.idle();
    expect(await unchecked()).toBe(0);
    const { rows } = await context.ownerPool.query(
      "SELECT count(*)::int AS n, count(*) FILTER (WHERE cause = 'no_secret_configured')::int AS without_secret FROM event_checks",
    );
    expect(rows[0]).toEqual({ n: 4500, without_secret: 4500 });
  });

  it('leaves events inside the grace period to the in-process queue, and finds them once they are older', async () => {
    await leaveUnchecked(3, '2026-11-23T09:59:55Z');
    expect(await ingest.ingest.verification.sweep()).toBe(0);
    context.runtime.advance(60_000);
    expect(await ingest.ingest.verification.sweep()).toBe(3);
    await ingest.ingest.verification.idle();
    expect(await unchecked()).toBe(0);
  });
});
