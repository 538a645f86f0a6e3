// Recording rounds' outcomes (relay_record_delivery_outcomes) costs what their deliveries cost, not what the tenant
// has. Each attempt's event id and its delivery's position are read by the delivery's primary key, and the rounds'
// deliveries move in one UPDATE that finds each in its destination's pending index by destination and position, for
// the rounds of several destinations in one call (TenantBatches). On a table not yet analyzed, the planner read every delivery of the tenant through row-level
// security's tenant condition (its index, estimated at two rows) instead: for the event ids through a lateral join
// it flattened, and for the UPDATE when it was joined to the round by id alone (209 rows read here for a round of 10,
// and as many as the tenant has as its table grows while the plan is kept). Counted in rows read, from PostgreSQL's
// own per-transaction statistics, on a database never analyzed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deliveryStatements } from '../../src/delivery/delivery-store.js';
import { TenantConnectionShare } from '../../src/delivery/tenant-connection-share.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { inApplicationRole, rowsReadBetween, rowsReadByTable } from '../helpers/rows-read.js';

const PENDING = 200;
const ROUND = 10;
const OTHER_PENDING = 30;

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

  /** A destination subscribed to a new endpoint, with `count` pending deliveries: their ids in FIFO order. */
  const pendingDestination = async (count: number) => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 0; n < count; n += 1) await h.send(endpoint.url, `{"n":${n}}`);
    const pending = await h.context.ownerPool.query<{ id: string }>(
      "SELECT id FROM deliveries WHERE destination_id = $1 AND state = 'pending' ORDER BY position",
      [destination.id],
    );
    expect(pending.rows).toHaveLength(count);
    return { destinationId: destination.id, pending: pending.rows.map((row) => row.id) };
  };

  it(`reads and moves the rounds' deliveries only (${ROUND} of ${PENDING} pending, and ${ROUND} of another destination's ${OTHER_PENDING})`, async () => {
    const first = await pendingDestination(PENDING);
    const second = await pendingDestination(OTHER_PENDING);
    const round = first.pending.slice(0, ROUND);
    const otherRound = second.pending.slice(0, ROUND);
    // The last of the round already moved on (by another worker, say): it gets its attempt, its state is left alone.
    await h.context.ownerPool.query("UPDATE deliveries SET state = 'succeeded' WHERE id = $1", [round.at(-1)]);

    await inApplicationRole(h.context.ownerPool, async (client) => {
      const before = await rowsReadByTable(client);
      const at = new Date();
      const both = [...round, ...otherRound];
      const states = both.map((_, index) => (index === 0 ? 'pending' : index === 1 ? 'dead_lettered' : 'succeeded'));
      await client.query('SELECT relay_record_delivery_outcomes($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)', [
        h.tenant.tenantId,
        both.map((_, index) => (index < ROUND ? first.destinationId : second.destinationId)),
        both.map(() => randomUUID()),
        both,
        both.map(() => at),
        both.map(() => 12),
        both.map((_, index) => (index === 0 ? 503 : 200)),
        both.map((_, index) => (index === 0 ? 'HTTP 503' : null)),
        both.map(() => null),
        states,
        both.map((_, index) => (index === 0 ? new Date(at.getTime() + 60_000) : null)),
        both.map(() => null),
      ]);
      // The rounds' lookups by primary key and the UPDATE's index probes: two per delivery of the rounds.
      expect(rowsReadBetween(before, await rowsReadByTable(client), 'deliveries')).toBeLessThanOrEqual(2 * both.length);
      const moved = await client.query<{ id: string; state: string; attempts: number; last_status: number | null }>(
        'SELECT id, state::text AS state, attempts, last_status FROM deliveries WHERE id = ANY ($1::uuid[])',
        [both],
      );
      const byId = new Map(moved.rows.map((row) => [row.id, row]));
      expect(byId.get(round[0]!)).toMatchObject({ state: 'pending', attempts: 1, last_status: 503 });
      expect(byId.get(round[1]!)).toMatchObject({ state: 'dead_lettered', attempts: 1 });
      for (const id of [...round.slice(2, -1), ...otherRound])
        expect(byId.get(id)).toMatchObject({ state: 'succeeded', attempts: 1, last_status: 200 });
      expect(byId.get(round.at(-1)!)).toMatchObject({ state: 'succeeded', attempts: 0, last_status: null });
      const attempts = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM delivery_attempts WHERE delivery_id = ANY ($1::uuid[])',
        [both],
      );
      expect(Number(attempts.rows[0]!.n)).toBe(both.length);
      const untouched = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM deliveries WHERE destination_id = ANY ($1::uuid[]) AND state = 'pending' AND attempts = 0",
        [[first.destinationId, second.destinationId]],
      );
      expect(Number(untouched.rows[0]!.n)).toBe(PENDING - ROUND + OTHER_PENDING - ROUND);
    });
  }, 120_000);

  it('records the rounds PostgreSQL accepts when a batch holds one it refuses, and refuses that one alone', async () => {
    const good = await pendingDestination(2);
    const bad = await pendingDestination(1);
    const at = new Date();
    const outcome = (deliveryId: string, excerpt: string | null) => ({
      attemptId: randomUUID(),
      deliveryId,
      startedAt: at,
      durationMs: 5,
      status: 200,
      error: null,
      excerpt,
      state: 'succeeded' as const,
      nextAttemptAt: null,
    });
    const share = new TenantConnectionShare(1);
    const batches = deliveryStatements(h.context.deps.pool, share, h.context.deps.runtime).outcomes;
    // The tenant's one connection is busy, so the three rounds wait together and go as one batch.
    let release!: () => void;
    const holding = share.run(h.tenant.tenantId, () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));
    const results = await (async () => {
      const rounds = [
        batches.run(h.tenant.tenantId, { destinationId: good.destinationId, outcomes: [outcome(good.pending[0]!, 'ok')] }),
        // A NUL byte, which PostgreSQL's text refuses (the sender no longer passes one on: here it stands for any refusal).
        batches.run(h.tenant.tenantId, { destinationId: bad.destinationId, outcomes: [outcome(bad.pending[0]!, 'x\u0000y')] }),
        batches.run(h.tenant.tenantId, { destinationId: good.destinationId, outcomes: [outcome(good.pending[1]!, 'ok')] }),
      ];
      release();
      await holding;
      return Promise.allSettled(rounds);
    })();
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const states = await h.context.ownerPool.query<{ id: string; state: string }>(
      'SELECT id, state::text AS state FROM deliveries WHERE id = ANY ($1::uuid[])',
      [[...good.pending, ...bad.pending]],
    );
    const byId = new Map(states.rows.map((row) => [row.id, row.state]));
    expect(good.pending.map((id) => byId.get(id))).toEqual(['succeeded', 'succeeded']);
    expect(byId.get(bad.pending[0]!)).toBe('pending');
  }, 120_000);
});
