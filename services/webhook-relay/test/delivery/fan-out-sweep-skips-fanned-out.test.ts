// The fan-out sweep (every 5 s in each API process) takes the events of its window: those older than its grace, up
// to now. It is there for the events that missed their fan-out (no deliveries yet) and for subscriptions made after
// (or racing) a capture. It used to fan out every event of the window a second time: for an event to 1,000
// destinations, 1,000 conflicting inserts, as much work as the first fan-out (bench/relay-delivery-scale.md). An
// event that already has deliveries is now left out, unless a subscription of its endpoint was made within 10 s
// before its capture or since.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { FanOut } from '../../src/delivery/fan-out.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { inApplicationRole } from '../helpers/rows-read.js';

describe('the fan-out sweep', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;

  const deliveriesOf = async (eventId: string) =>
    Number((await h.context.ownerPool.query('SELECT count(*) AS n FROM deliveries WHERE event_id = $1', [eventId])).rows[0].n);
  /** The events the sweep would fan out again, from `from` on (its mark put there first), as the application sees them. */
  const sweptSince = async (from: Date): Promise<string[]> => {
    await h.context.ownerPool.query('UPDATE delivery_fanout_sweep SET resume_from = $1', [from]);
    const later = new Date(Date.now() + 60_000);
    const { rows } = await inApplicationRole(h.context.ownerPool, (client) =>
      client.query<{ event_id: string }>('SELECT event_id FROM relay_events_to_fan_out($1, 500)', [later]),
    );
    return rows.map((row) => row.event_id);
  };
  /** An endpoint with one destination subscribed to it long before (ten minutes) the events a test sends. */
  const subscribedLongAgo = async (path: string) => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(`${receiver.url}${path}`);
    await h.subscribe(endpoint.id, destination.id);
    await h.context.ownerPool.query("UPDATE subscriptions SET updated_at = now() - interval '10 minutes' WHERE endpoint_id = $1", [
      endpoint.id,
    ]);
    return endpoint;
  };

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await receiver.close();
    await h.close();
  });

  it('leaves out an event already fanned out, and takes it again once its endpoint gets a new subscription', async () => {
    const endpoint = await subscribedLongAgo('/first');
    const windowStart = new Date(Date.now() - 1000);
    const eventId = await h.send(endpoint.url, '{"n":1}');
    expect(await deliveriesOf(eventId)).toBe(1);
    expect(await sweptSince(windowStart)).not.toContain(eventId);

    // A subscription made after the capture: the sweep delivers the window's events there too (docs/delivery-order.md).
    const second = await h.destination(`${receiver.url}/second`);
    await h.subscribe(endpoint.id, second.id);
    expect(await sweptSince(windowStart)).toContain(eventId);
    await h.context.ownerPool.query('UPDATE delivery_fanout_sweep SET resume_from = $1', [windowStart]);
    const later = { ...systemRuntime, now: () => new Date(Date.now() + 60_000) };
    const { pool, logger } = h.context.deps;
    expect(await new FanOut({ pool, queues: h.queues, runtime: later, logger }).sweep()).toBe(1);
    expect(await deliveriesOf(eventId)).toBe(2);
  });

  it('still takes an event that has no deliveries at all, whenever its subscription was made', async () => {
    const endpoint = await subscribedLongAgo('/missed');
    const windowStart = new Date(Date.now() - 1000);
    const eventId = await h.send(endpoint.url, '{"n":2}');
    // As if its fan-out had never run (the process stopped after the capture's commit).
    await h.context.ownerPool.query('DELETE FROM deliveries WHERE event_id = $1', [eventId]);
    expect(await sweptSince(windowStart)).toContain(eventId);
  });
});
