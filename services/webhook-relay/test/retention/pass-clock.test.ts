import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { purgeExpired } from '../../src/domain/retention/purge-expired.js';
import { createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

const DAY_MS = 86_400_000;

// The application role calls the retention pass with the service's clock (relay_maintain_partitions,
// relay_retention_catch_up, relay_purge_expired_idempotency_records). A caller that claims a time far in the future
// must not make it drop, move or expire anything early: the pass works at most retention_clock.max_lead_seconds
// (5 minutes) ahead of the database's clock (docs/retention.md, "Who may do what"). Test databases allow ten years,
// so other tests can move their clock; this one puts the production setting back.
describe("a retention pass trusts its caller's clock only minutes ahead of the database's", () => {
  let context: TestContext;
  let tenant: TestTenant;
  let databaseNow: Date;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const count = async (sql: string, params: unknown[] = []) => Number((await context.ownerPool.query(sql, params)).rows[0].n);

  beforeAll(async () => {
    context = await createTestContext();
    tenant = await context.newTenant('free');
    await context.ownerPool.query('UPDATE retention_clock SET max_lead_seconds = DEFAULT');
    databaseNow = (await context.ownerPool.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
    // A first pass at the database's time: today's range of the free plan and the two days ahead.
    await purgeExpired({ pool: context.pool, now: databaseNow, batch: 100, maxBatches: 10 });
    // An idempotency record of the tenant that expires tomorrow.
    await context.ownerPool.query(
      `INSERT INTO idempotency_records (tenant_id, key, method, path, request_hash, status, response_ciphertext, expires_at)
       VALUES ($1, 'tomorrow', 'POST', '/v1/endpoints', '\\x00', 201, '\\x00', now() + interval '1 day')`,
      [tenant.tenantId],
    );
  });
  afterAll(async () => {
    await context.close();
  });

  it('keeps a range, makes no range ahead of the claimed day, and expires no record, when told it is a year later', async () => {
    const claimed = new Date(databaseNow.getTime() + 400 * DAY_MS);
    const totals = await purgeExpired({ pool: context.pool, now: claimed, batch: 100, maxBatches: 10 });
    expect(totals).toMatchObject({ partitionsDropped: 0, busy: false });
    expect(
      await count("SELECT count(*) AS n FROM event_partitions WHERE plan_id = 'free' AND starts_on = $1::date", [day(databaseNow)]),
    ).toBe(1);
    expect(await count('SELECT count(*) AS n FROM event_partitions WHERE starts_on > $1::date + 3', [day(databaseNow)])).toBe(0);
    expect(await count("SELECT count(*) AS n FROM idempotency_records WHERE key = 'tomorrow'")).toBe(1);
  });

  it("still works at the caller's clock when it is behind, or ahead by less than the lead", async () => {
    // Ranges are made from the claimed day: two minutes ahead is the same day or the next, never further.
    const totals = await purgeExpired({
      pool: context.pool,
      now: new Date(databaseNow.getTime() + 2 * 60_000),
      batch: 100,
      maxBatches: 10,
    });
    expect(totals).toMatchObject({ partitionsDropped: 0, busy: false });
    // Expired by the clock the pass is given (not the database's now(), which has moved on since databaseNow was read).
    await context.ownerPool.query(
      "UPDATE idempotency_records SET expires_at = $1::timestamptz - interval '1 second' WHERE key = 'tomorrow'",
      [databaseNow],
    );
    await purgeExpired({ pool: context.pool, now: databaseNow, batch: 100, maxBatches: 10 });
    expect(await count("SELECT count(*) AS n FROM idempotency_records WHERE key = 'tomorrow'")).toBe(0);
  });

  it('drops a range only once it is past the window by the clamped clock', async () => {
    // A free-plan range eight days old (free keeps 7): due at the database's time whatever the caller claims.
    const old = new Date(databaseNow.getTime() - 8 * DAY_MS);
    await context.ownerPool.query('SELECT relay_create_range_partitions($1, $2::date, $2::date + 1)', ['free', day(old)]);
    const totals = await purgeExpired({
      pool: context.pool,
      now: new Date(databaseNow.getTime() + 400 * DAY_MS),
      batch: 100,
      maxBatches: 10,
    });
    expect(totals).toMatchObject({ partitionsDropped: 1 });
    expect(await count("SELECT count(*) AS n FROM event_partitions WHERE plan_id = 'free' AND starts_on = $1::date", [day(old)])).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM event_partitions WHERE plan_id = 'free' AND starts_on = $1::date", [day(databaseNow)]),
    ).toBe(1);
  });
});
