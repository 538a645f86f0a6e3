// A job is a wake-up: the job that runs first sends its destination's oldest pending deliveries, up to a batch of
// them, so the jobs of the others have nothing left to do. Completing a job drops those jobs from the queue in the
// same round trip (issue 45: each used to be taken and completed on its own). Real Redis and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { HttpSender } from '../../src/delivery/http-sender.js';
import { workDestination } from '../../src/delivery/work-destination.js';
import { DestinationConsumer } from '../../src/queue/destination-consumer.js';
import { startDeliveryHarness, workDestinationDeps, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const aPlace = { stopping: () => false, sendingSlowly: () => undefined, answeredPromptly: () => undefined };

describe('the wake-ups of deliveries an earlier job already sent', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let sender: HttpSender;

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    receiver = await startReceiver();
    sender = new HttpSender(new EgressGuard(parseCidrList('127.0.0.1/32')), 64);
  });
  afterAll(async () => {
    await sender.close();
    await receiver.close();
    await h.close();
  });

  /** Jobs for made-up deliveries of a made-up destination: only the queue is looked at. */
  const queueOf = async (ids: string[]) => {
    const destinationId = `dropped-${Math.random().toString(36).slice(2)}`;
    await h.queues.enqueue(ids.map((deliveryId) => ({ tenantId: h.tenant.tenantId, destinationId, deliveryId })));
    return { destinationId, consumer: h.queues.consumer(destinationId, 5000) };
  };
  const exists = (destinationId: string, id: string) => h.queues.commands.exists(`${h.prefix}:destination-${destinationId}:${id}`);

  it('completing a job drops the named waiting jobs and takes the next one that is left', async () => {
    const { destinationId, consumer } = await queueOf(['d1', 'd2', 'd3', 'd4', 'd5']);
    const first = await consumer.take();
    expect(first?.id).toBe('d1');
    const after = await consumer.complete(first!, true, Date.now(), ['d2', 'd3', 'd4']);
    expect(after.next?.id).toBe('d5');
    for (const id of ['d2', 'd3', 'd4']) expect(await exists(destinationId, id)).toBe(0);
    // d5 is active now, and nothing else is left.
    expect(await h.queues.jobCount(destinationId)).toBe(1);
    await consumer.complete(after.next!, false, Date.now());
    expect(await h.queues.jobCount(destinationId)).toBe(0);
  });

  it('drops only the jobs it is told of, wherever they wait, and ignores ids it does not find', async () => {
    const { destinationId, consumer } = await queueOf(['a', 'b', 'c', 'd']);
    const first = await consumer.take();
    const after = await consumer.complete(first!, true, Date.now(), ['c', 'not-queued']);
    expect(after.next?.id).toBe('b');
    const last = await consumer.complete(after.next!, true, Date.now());
    expect(last.next?.id).toBe('d');
    expect(await exists(destinationId, 'c')).toBe(0);
  });

  it('a backlog of 45 events to one destination is sent in order, once each, by 3 jobs instead of 45', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const bodies = Array.from({ length: 45 }, (_, n) => `{"n":${n}}`);
    for (const body of bodies) await h.send(endpoint.url, body);
    expect(await h.queues.jobCount(destination.id)).toBe(45);

    const completed = jest.spyOn(DestinationConsumer.prototype, 'complete');
    try {
      const deps = workDestinationDeps(h, { queues: h.queues, sender });
      await workDestination(deps, { tenantId: h.tenant.tenantId, destinationId: destination.id }, aPlace);
      expect(receiver.bodies()).toEqual(bodies);
      // Batches of 20: the jobs of the first, the 21st and the 41st delivery ran; the others were dropped.
      expect(completed).toHaveBeenCalledTimes(3);
      expect(await h.queues.jobCount(destination.id)).toBe(0);
    } finally {
      completed.mockRestore();
    }
  }, 60_000);
});
