// The statements that follow capture cost what their events cost, not what the events' partition holds: recording a
// batch of verification results (relay_record_checks), the fan-out (relay_fan_out), the filters' inputs
// (relay_filter_inputs), verification's load of unchecked events, a trigger's drain and replays read each event, its payload, its check and its
// endpoint by primary key. Joined to an id array, on a partition not yet analyzed the planner read every event (and
// check) of the partition per call: 200 rows read here for 10 events, and on the ingest bench 137,000 for 500, so a
// verified event cost more the more events its day held. Counted in rows read, from PostgreSQL's own
// per-transaction statistics, on a database never analyzed.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { insertReplays, lockCaptureOrder } from '../../src/domain/deliveries/insert-replays.js';
import { LOAD_UNCHECKED_EVENTS, loadUncheckedParams } from '../../src/domain/events/verify-captured-events.js';
import { retentionWindow } from '../../src/domain/retention/retention-window.js';
import { drainTrigger } from '../../src/domain/triggers/drain-trigger.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { inApplicationRole, ROWS_READ_BY_TABLE, rowsReadBetween, rowsReadByTable } from '../helpers/rows-read.js';
import { api } from '../helpers/test-app.js';

const STORED = 200;
const ASKED = 10;
const SENT_AT_ONCE = 20;

/** rowsReadByTable within a Prisma transaction (tenants.run). */
async function rowsReadIn(tx: { $queryRawUnsafe<T>(sql: string): Promise<T> }): Promise<Map<string, number>> {
  const rows = await tx.$queryRawUnsafe<Array<{ name: string; rows_read: number }>>(ROWS_READ_BY_TABLE);
  return new Map(rows.map((row) => [row.name, Number(row.rows_read)]));
}

describe('statements after capture, with 200 events in the partition', () => {
  let h: DeliveryHarness;
  let endpointId: string;
  let version: number;
  let stored: string[];
  let asked: string[];

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    // No provider: capture records no check of its own, so relay_record_checks below is the only writer.
    const endpoint = await h.endpoint();
    endpointId = endpoint.id;
    stored = [];
    for (let sent = 0; sent < STORED; sent += SENT_AT_ONCE) {
      const batch = Array.from({ length: SENT_AT_ONCE }, (_, n) => h.send(endpoint.url, `{"n":${sent + n}}`));
      stored.push(...(await Promise.all(batch)));
    }
    asked = stored.slice(0, ASKED);
    const { rows } = await h.context.ownerPool.query<{ verification_version: number }>(
      'SELECT verification_version FROM endpoints WHERE id = $1',
      [endpointId],
    );
    version = rows[0]!.verification_version;
  }, 120_000);
  afterAll(async () => {
    await h.close();
  });

  /** Runs `work` as the application role in a transaction rolled back after, with the rows it read per table. */
  async function asApp(work: (client: pg.PoolClient) => Promise<void>): Promise<(table: string) => number> {
    return inApplicationRole(h.context.ownerPool, async (client) => {
      const before = await rowsReadByTable(client);
      await work(client);
      const after = await rowsReadByTable(client);
      return (table: string) => rowsReadBetween(before, after, table);
    });
  }

  it(`records ${ASKED} checks reading their ${ASKED} events only`, async () => {
    let stale: string[] = [];
    let recorded: Array<{ event_id: string; state: string; plan_id: string }> = [];
    const read = await asApp(async (client) => {
      const at = new Date();
      // The last one was checked with settings its endpoint has moved on from: not recorded, handed back.
      const versions = asked.map((_, index) => (index === ASKED - 1 ? version - 1 : version));
      const result = await client.query<{ relay_record_checks: string }>(
        'SELECT relay_record_checks($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
        [
          h.tenant.tenantId,
          at,
          asked,
          asked.map(() => endpointId),
          versions,
          asked.map(() => 'verified'),
          asked.map(() => null),
          asked.map(() => null),
          asked.map(() => 'stripe'),
          asked.map(() => randomUUID()),
          asked.map(() => at),
        ],
      );
      stale = result.rows.map((row) => row.relay_record_checks);
      recorded = (
        await client.query<{ event_id: string; state: string; plan_id: string }>(
          'SELECT c.event_id, c.state::text AS state, c.plan_id FROM event_checks c WHERE c.event_id = ANY ($1::uuid[])',
          [stored],
        )
      ).rows;
    });
    // One lookup per check, by its event's key, and one of its endpoint.
    expect(read('events')).toBeLessThanOrEqual(ASKED);
    expect(read('endpoints')).toBeLessThanOrEqual(ASKED);
    expect(stale).toEqual([asked.at(-1)]);
    expect(recorded.map((row) => row.event_id).sort()).toEqual(asked.slice(0, -1).sort());
    for (const row of recorded) expect(row).toMatchObject({ state: 'verified', plan_id: 'pro' });
  }, 60_000);

  it(`fans out ${ASKED} events reading those events and their checks only`, async () => {
    let returned = -1;
    const read = await asApp(async (client) => {
      const result = await client.query('SELECT * FROM relay_fan_out($1, $2, $3, $4, $5, $6, $7)', [
        h.tenant.tenantId,
        // A repeated id is one event.
        [...asked, asked[0]],
        new Date(),
        [],
        [],
        [],
        [],
      ]);
      returned = result.rowCount ?? 0;
    });
    expect(read('events')).toBeLessThanOrEqual(ASKED);
    expect(read('event_checks')).toBeLessThanOrEqual(ASKED);
    // The endpoint has no subscription: nothing to deliver, nothing to judge.
    expect(returned).toBe(0);
  }, 60_000);

  it(`loads ${ASKED} unchecked events for verification reading those events, payloads and checks only`, async () => {
    let loaded: string[] = [];
    const read = await asApp(async (client) => {
      await client.query("SELECT set_config('app.tenant_id', $1, true)", [h.tenant.tenantId]);
      const result = await client.query<{ id: string }>(LOAD_UNCHECKED_EVENTS, loadUncheckedParams([...asked, asked[0]!]));
      loaded = result.rows.map((row) => row.id);
    });
    expect(read('events')).toBeLessThanOrEqual(ASKED);
    expect(read('payloads')).toBeLessThanOrEqual(ASKED);
    expect(read('event_checks')).toBeLessThanOrEqual(ASKED);
    expect(loaded.sort()).toEqual([...asked].sort());
  }, 60_000);

  it(`drains ${ASKED} events of a trigger reading those events, payloads and checks only`, async () => {
    const registered = await api(h.context)
      .post('/v1/triggers/wait')
      .set(h.tenant.auth)
      .send({ endpoint_id: endpointId, trigger: 'by-key', start: 'oldest', limit: 1 })
      .expect(200);
    const triggerId: string = registered.body.trigger_id;
    const { tenants, runtime } = h.context.deps;
    const readings: Array<Map<string, number>> = [];
    const batch = await tenants.run(h.tenant.tenantId, async (tx) => {
      const window = await retentionWindow(tx, h.tenant.tenantId, runtime.now());
      readings.push(await rowsReadIn(tx));
      const drained = await drainTrigger({ tx, runtime, triggerId, ack: null, limit: ASKED, inlineBytes: 65_536, window });
      readings.push(await rowsReadIn(tx));
      return drained;
    });
    const [before, after] = readings as [Map<string, number>, Map<string, number>];
    // The batch and the one after it, which tells whether more follow.
    expect(rowsReadBetween(before, after, 'events')).toBeLessThanOrEqual(ASKED + 1);
    expect(rowsReadBetween(before, after, 'payloads')).toBeLessThanOrEqual(ASKED + 1);
    expect(rowsReadBetween(before, after, 'event_checks')).toBeLessThanOrEqual(ASKED + 1);
    // In capture order (concurrent sends are captured in any order), each body inline.
    const inCaptureOrder = await h.context.ownerPool.query<{ id: string }>(
      'SELECT id FROM events WHERE endpoint_id = $1 ORDER BY capture_seq LIMIT $2',
      [endpointId, ASKED],
    );
    expect(batch.events.map((event) => event.id)).toEqual(inCaptureOrder.rows.map((row) => row.id));
    for (const event of batch.events) expect(Buffer.from(event.body!).toString()).toMatch(/^\{"n":\d+\}$/);
    expect(batch.more).toBe(true);
  }, 60_000);

  it(`reads the filters' inputs of ${ASKED} events from those events and their checks only`, async () => {
    // Last: a subscription with a filter, so every event asked about has inputs to read.
    const destination = await h.destination('http://127.0.0.1:9/receiver');
    await h.subscribe(endpointId, destination.id, { filter: { 'body.n': 3 } });
    let inputs = -1;
    const read = await asApp(async (client) => {
      inputs = (await client.query('SELECT * FROM relay_filter_inputs($1, $2)', [h.tenant.tenantId, asked])).rowCount ?? 0;
    });
    expect(read('events')).toBeLessThanOrEqual(ASKED);
    expect(read('event_checks')).toBeLessThanOrEqual(ASKED);
    expect(inputs).toBe(ASKED);
  }, 60_000);
  it(`replays ${ASKED} events reading those events only`, async () => {
    const destination = await h.destination('http://127.0.0.1:9/replays');
    const { tenants, runtime } = h.context.deps;
    const readings: Array<Map<string, number>> = [];
    const inserted = await tenants.run(h.tenant.tenantId, async (tx) => {
      await lockCaptureOrder(tx, h.tenant.tenantId);
      readings.push(await rowsReadIn(tx));
      const ids = await insertReplays({
        tx,
        tenantId: h.tenant.tenantId,
        destinationId: destination.id,
        now: runtime.now(),
        replays: asked.map((eventId) => ({ eventId, replayOf: eventId })),
        windowFirstId: '00000000-0000-0000-0000-000000000000',
        order: 'capture',
      });
      readings.push(await rowsReadIn(tx));
      return ids;
    });
    const [before, after] = readings as [Map<string, number>, Map<string, number>];
    expect(rowsReadBetween(before, after, 'events')).toBeLessThanOrEqual(ASKED);
    expect(inserted).toHaveLength(ASKED);
  }, 60_000);
});
