// triggers.wait's guarantees under the interleavings that would break them, forced on purpose with capture
// transactions held open on real PostgreSQL connections: a trigger registered while a capture batch that cannot
// see it is in flight still gets that batch's event; and two batches of a triggered endpoint become visible in
// the order of their capture numbers, so a reader never moves past an event that commits later with a smaller one.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { relayCaptureBatch, type CaptureBatchRequest } from '../../src/db/functions/relay-capture-batch.js';
import type { ConnectionPool } from '../../src/db/prisma.js';
import { hashIngestToken } from '../../src/domain/endpoints/ingest-token.js';
import { drainTrigger } from '../../src/domain/triggers/drain-trigger.js';
import { registerTrigger } from '../../src/domain/triggers/register-trigger.js';
import { encodeTriggerCursor } from '../../src/domain/triggers/trigger-cursor.js';
import { windowOf } from '../../src/domain/retention/retention-window.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';

let h: DeliveryHarness;
beforeAll(async () => {
  h = await startDeliveryHarness({ workers: false });
});
afterAll(async () => {
  await h.close();
});

function request(tokenHash: Buffer, body: string): CaptureBatchRequest {
  const bytes = Buffer.from(body);
  return {
    id: h.context.deps.runtime.newId(),
    receivedAt: new Date(),
    method: 'POST',
    path: '',
    query: '',
    source: null,
    dedupKey: null,
    headers: [['content-type', 'application/json']],
    tokenHash,
    bodySha256: createHash('sha256').update(bytes).digest(),
    body: bytes,
  };
}

async function endpointWithToken(name: string, body: Record<string, unknown> = {}) {
  const endpoint = await h.endpoint({ name, ...body });
  return { id: endpoint.id, tokenHash: hashIngestToken(new URL(endpoint.url).pathname.slice(1)) };
}

/** Waits until some session waits for an advisory lock (the interleaving under test has happened). */
async function someoneWaitsForALock(): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    const { rows } = await h.context.ownerPool.query<{ waiting: string }>(
      "SELECT count(*) AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
    );
    if (Number(rows[0]!.waiting) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('no session ever waited for the lock');
}

const register = (endpointId: string, label: string, start: 'now' | 'oldest') =>
  registerTrigger({
    tenants: h.context.deps.tenants,
    tenantId: h.tenant.tenantId,
    runtime: h.context.deps.runtime,
    actor: 'test',
    endpointId,
    label,
    start,
    oauthClientId: null,
  });

const drain = (triggerId: string, ack?: string) =>
  h.context.deps.tenants.run(h.tenant.tenantId, (tx) =>
    drainTrigger({
      tx,
      runtime: h.context.deps.runtime,
      triggerId,
      ack,
      limit: 200,
      inlineBytes: 65536,
      window: windowOf(36500, new Date()),
    }),
  );

async function held(work: (client: pg.PoolClient) => Promise<unknown>) {
  const client = await h.context.pool.connect();
  await client.query('BEGIN');
  await work(client);
  return {
    commit: async () => {
      await client.query('COMMIT');
      client.release();
    },
  };
}

describe('triggers.wait and capture order', () => {
  it('registration waits for a capture batch in flight that could not see the trigger, so its event is not skipped', async () => {
    const endpoint = await endpointWithToken('registered mid-capture');
    const inFlight = request(endpoint.tokenHash, '{"in":"flight"}');
    // A batch captured before the trigger exists, not committed yet.
    const batch = await held((client) => relayCaptureBatch(client as unknown as ConnectionPool, [inFlight]));
    const registering = register(endpoint.id, 'agent', 'oldest');
    await someoneWaitsForALock();
    await batch.commit();
    const trigger = await registering;
    const later = request(endpoint.tokenHash, '{"after":"registration"}');
    await relayCaptureBatch(h.context.pool, [later]);
    const drained = await drain(trigger.id);
    expect(drained.events.map((event) => event.id)).toEqual([inFlight.id, later.id]);
  });

  it('a trigger that starts now sees only what was captured after registration returned', async () => {
    const endpoint = await endpointWithToken('starts now');
    const before = request(endpoint.tokenHash, '{"before":true}');
    await relayCaptureBatch(h.context.pool, [before]);
    const trigger = await register(endpoint.id, 'agent', 'now');
    const after = request(endpoint.tokenHash, '{"after":true}');
    await relayCaptureBatch(h.context.pool, [after]);
    expect((await drain(trigger.id)).events.map((event) => event.id)).toEqual([after.id]);
  });

  it('a later batch waits for an earlier uncommitted one: the reader never passes an event that commits late', async () => {
    const endpoint = await endpointWithToken('commit order');
    const trigger = await register(endpoint.id, 'agent', 'now');
    const first = request(endpoint.tokenHash, '{"n":1}');
    const second = request(endpoint.tokenHash, '{"n":2}');
    const slow = await held((client) => relayCaptureBatch(client as unknown as ConnectionPool, [first]));
    const fast = relayCaptureBatch(h.context.pool, [second]);
    await someoneWaitsForALock();
    // Neither is visible yet: nothing to hand out, and nothing to skip past.
    expect((await drain(trigger.id)).events).toEqual([]);
    await slow.commit();
    await fast;
    const drained = await drain(trigger.id);
    expect(drained.events.map((event) => event.id)).toEqual([first.id, second.id]);
    expect(drained.events[0]!.capture_seq < drained.events[1]!.capture_seq).toBe(true);
  });

  it('re-delivers until acknowledged, and an acknowledgement moves the stored cursor', async () => {
    const endpoint = await endpointWithToken('acks');
    const trigger = await register(endpoint.id, 'agent', 'now');
    const events = [request(endpoint.tokenHash, '{"a":1}'), request(endpoint.tokenHash, '{"a":2}')];
    await relayCaptureBatch(h.context.pool, events);
    const once = await drain(trigger.id);
    const twice = await drain(trigger.id);
    expect(twice.events.map((event) => event.id)).toEqual(once.events.map((event) => event.id));
    const ack = encodeTriggerCursor(trigger.id, once.events[1]!.capture_seq);
    expect((await drain(trigger.id, ack)).events).toEqual([]);
    // An ack from another trigger, or for a position never handed out, changes nothing.
    const other = await register(endpoint.id, 'other agent', 'now');
    await expect(drain(trigger.id, encodeTriggerCursor(other.id, 1n))).rejects.toThrow('another trigger');
  });

  it('holds a batch before an event still being verified, and hands out a failed one without its body', async () => {
    const endpoint = await endpointWithToken('verified first', { provider: 'stripe' });
    const trigger = await register(endpoint.id, 'agent', 'now');
    const first = request(endpoint.tokenHash, '{"first":true}');
    const second = request(endpoint.tokenHash, '{"second":true}');
    // Captured, but no check has run (the verification queue is not involved): both are pending.
    await relayCaptureBatch(h.context.pool, [first, second]);
    const check = (eventId: string, state: string) =>
      h.context.ownerPool.query(
        `INSERT INTO event_checks (event_id, tenant_id, state, cause, provider, checked_at, plan_id)
         SELECT $1, $2, $3::verification_state, $4, 'stripe', now(), e.plan_id FROM events e WHERE e.id = $1`,
        [eventId, h.tenant.tenantId, state, state === 'failed' ? 'wrong_secret' : null],
      );
    expect(await drain(trigger.id)).toMatchObject({ events: [], heldByPendingCheck: true });
    // The later one checked first: still nothing, the earlier one holds the line.
    await check(second.id, 'verified');
    expect((await drain(trigger.id)).events).toEqual([]);
    await check(first.id, 'failed');
    const drained = await drain(trigger.id);
    expect(drained.events.map((event) => [event.id, event.state])).toEqual([
      [first.id, 'failed'],
      [second.id, 'verified'],
    ]);
  });
});
