// Recording a round's outcomes (relay_record_delivery_outcomes) costs what its deliveries cost, not what the tenant
// has. Each attempt's event id and its delivery's position are read by the delivery's primary key, and the round's
// deliveries move in one UPDATE that finds them in the destination's pending index between the round's first and
// last position. On a table not yet analyzed, the planner read every delivery of the tenant through row-level
// security's tenant condition (its index, estimated at two rows) instead: for the event ids through a lateral join
// it flattened, and for the UPDATE when it was joined to the round by id alone (209 rows read here for a round of 10,
// and as many as the tenant has as its table grows while the plan is kept). Counted in rows read, from PostgreSQL's
// own per-transaction statistics, on a database never analyzed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { inApplicationRole, rowsReadBetween, rowsReadByTable } from '../helpers/rows-read.js';

const PENDING = 200;
const ROUND = 10;

describe("recording a round's outcomes", () => {
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

  it(`reads and moves the round's ${ROUND} deliveries only, with ${PENDING} pending`, async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 0; n < PENDING; n += 1) await h.send(endpoint.url, `{"n":${n}}`);
    const pending = await h.context.ownerPool.query<{ id: string }>(
      "SELECT id FROM deliveries WHERE destination_id = $1 AND state = 'pending' ORDER BY position",
      [destination.id],
    );
    expect(pending.rows).toHaveLength(PENDING);
    const round = pending.rows.slice(0, ROUND).map((row) => row.id);
    // The last of the round already moved on (by another worker, say): it gets its attempt, its state is left alone.
    await h.context.ownerPool.query("UPDATE deliveries SET state = 'succeeded' WHERE id = $1", [round.at(-1)]);

    await inApplicationRole(h.context.ownerPool, async (client) => {
      const before = await rowsReadByTable(client);
      const at = new Date();
      const states = round.map((_, index) => (index === 0 ? 'pending' : index === 1 ? 'dead_lettered' : 'succeeded'));
      await client.query('SELECT relay_record_delivery_outcomes($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)', [
        h.tenant.tenantId,
        destination.id,
        round.map(() => randomUUID()),
        round,
        round.map(() => at),
        round.map(() => 12),
        round.map((_, index) => (index === 0 ? 503 : 200)),
        round.map((_, index) => (index === 0 ? 'HTTP 503' : null)),
        round.map(() => null),
        states,
        round.map((_, index) => (index === 0 ? new Date(at.getTime() + 60_000) : null)),
        null,
        round.map(() => null),
      ]);
      // The round's lookups by primary key and the UPDATE's index range: two per delivery of the round.
      expect(rowsReadBetween(before, await rowsReadByTable(client), 'deliveries')).toBeLessThanOrEqual(2 * ROUND);
      const moved = await client.query<{ id: string; state: string; attempts: number; last_status: number | null }>(
        'SELECT id, state::text AS state, attempts, last_status FROM deliveries WHERE id = ANY ($1::uuid[])',
        [round],
      );
      const byId = new Map(moved.rows.map((row) => [row.id, row]));
      expect(byId.get(round[0]!)).toMatchObject({ state: 'pending', attempts: 1, last_status: 503 });
      expect(byId.get(round[1]!)).toMatchObject({ state: 'dead_lettered', attempts: 1 });
      for (const id of round.slice(2, -1)) expect(byId.get(id)).toMatchObject({ state: 'succeeded', attempts: 1, last_status: 200 });
      expect(byId.get(round.at(-1)!)).toMatchObject({ state: 'succeeded', attempts: 0, last_status: null });
      const attempts = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM delivery_attempts WHERE delivery_id = ANY ($1::uuid[])',
        [round],
      );
      expect(Number(attempts.rows[0]!.n)).toBe(ROUND);
      const untouched = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM deliveries WHERE destination_id = $1 AND state = 'pending' AND attempts = 0",
        [destination.id],
      );
      expect(Number(untouched.rows[0]!.n)).toBe(PENDING - ROUND);
    });
  }, 120_000);
});
