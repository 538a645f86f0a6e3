// A worker's read of a destination's heads first looks for the hold: the first fan_out_pending mark of each endpoint
// the destination subscribes to (an event captured but not fanned out yet). Marks are deleted as their events fan
// out, so between vacuums an endpoint's index range is mostly dead entries. Read as min() over the whole range,
// PostgreSQL took a bitmap scan, which checks every dead entry against the table on every call and never marks
// it dead: 0.7 ms per call with 30,000, for every destination of the endpoint (bench/relay-delivery-scale.md). The
// lookup now reads the marks in order and stops at the first live one, so a call after the first skips them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { explainedPlans } from '../helpers/explained-plans.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { inApplicationRole } from '../helpers/rows-read.js';

const DEAD_MARKS = 2000;

/** The "actual rows" of every plan node that scans fan_out_pending (or its index), per loop. */
function rowsOfMarkScans(plan: string): number[] {
  return plan
    .split('\n')
    .filter((line) => /Scan.* on fan_out_pending/.test(line))
    .map((line) => Number(/actual rows=(\d+)/.exec(line)?.[1] ?? Number.NaN));
}

describe("a destination's hold behind events not fanned out yet", () => {
  let h: DeliveryHarness;
  let receiver: Receiver;

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  it(`is read past ${DEAD_MARKS} dead marks without visiting them again, and still holds behind a live one`, async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    await h.send(endpoint.url, '{"head":1}');
    const owner = h.context.ownerPool;
    // No vacuum may clear the dead marks while the test reads past them.
    await owner.query('ALTER TABLE fan_out_pending SET (autovacuum_enabled = false)');
    // The marks a busy endpoint leaves between vacuums: inserted as capture went and deleted as fan-out went.
    await owner.query(
      `INSERT INTO fan_out_pending (tenant_id, endpoint_id, capture_seq, event_id, received_at)
       SELECT $1, $2, -g, gen_random_uuid(), now() FROM generate_series(1, $3::int) AS g`,
      [h.tenant.tenantId, endpoint.id, DEAD_MARKS],
    );
    await owner.query('DELETE FROM fan_out_pending WHERE endpoint_id = $1 AND capture_seq < 0', [endpoint.id]);

    const readHeads = async (session: Pick<pg.ClientBase, 'query'>) => {
      const { rows } = await session.query<{ body: Buffer | null; held: boolean }>(
        'SELECT body, held FROM relay_delivery_heads($1, ARRAY[$2]::uuid[], 20, now())',
        [h.tenant.tenantId, destination.id],
      );
      return rows;
    };
    const plans = await explainedPlans(h.context.databaseUrl, async (session) => {
      for (let call = 1; call <= 3; call += 1) {
        const rows = await readHeads(session);
        expect(rows.map((row) => [row.body?.toString(), row.held])).toEqual([['{"head":1}', false]]);
      }
    });
    const holdLookups = plans.filter((plan) => plan.includes('FROM fan_out_pending p WHERE p.endpoint_id'));
    expect(holdLookups).toHaveLength(3);
    // The last call: the scan stops at the first mark it may see and returns nothing else; a bitmap scan of the
    // range returned all 2,000 dead entries on every call.
    const lastScans = rowsOfMarkScans(holdLookups.at(-1)!);
    expect(lastScans.length).toBeGreaterThan(0);
    expect(lastScans.every((rows) => rows <= 1)).toBe(true);
    expect(holdLookups.at(-1)).not.toMatch(/Bitmap/);

    // A live mark after the dead ones, of an event captured before the head: the head waits behind it.
    await owner.query(
      `INSERT INTO fan_out_pending (tenant_id, endpoint_id, capture_seq, event_id, received_at)
       VALUES ($1, $2, 0, gen_random_uuid(), now())`,
      [h.tenant.tenantId, endpoint.id],
    );
    const held = await inApplicationRole(owner, readHeads);
    expect(held.map((row) => [row.body, row.held])).toEqual([[null, true]]);
  }, 120_000);
});
