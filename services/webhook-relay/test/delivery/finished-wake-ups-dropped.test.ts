// A job is a wake-up: the job that runs first sends its destination's oldest pending deliveries, up to a batch of
// them, so the jobs of the others have nothing left to do. Completing a job drops those jobs from the queue in the
// same round trip (issue 45: each used to be taken and completed on its own). The same completion tells what its
// queue holds: nothing (the worker gives the destination back at once), or a job set aside until a time; the worker
// used to ask the queue again after every turn, one more round trip per destination turn. Real Redis and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { HttpSender } from '../../src/delivery/http-sender.js';
import { workDestination } from '../../src/delivery/work-destination.js';
import { DestinationConsumer } from '../../src/queue/destination-consumer.js';
import { startDeliveryHarness, workDestinationDeps, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const aPlace = { stopping: () => false, sendingSlowly: () => undefined, answeredPromptly: () => undefined };

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
  const destinationId = `completed-${Math.random().toString(36).slice(2)}`;
  await h.queues.enqueue(ids.map((deliveryId) => ({ tenantId: h.tenant.tenantId, destinationId, deliveryId })));
  return { destinationId, consumer: h.queues.consumer(destinationId, 5000) };
};

describe('the wake-ups of deliveries an earlier job already sent', () => {
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

describe("a completion tells what is left on the destination's queue", () => {
  it('the last job completed: the queue is empty', async () => {
    const { consumer } = await queueOf(['only']);
    const job = await consumer.take();
    expect(job?.id).toBe('only');
    const after = await consumer.complete(job!, true, Date.now());
    expect(after).toEqual({ next: undefined, remainder: { kind: 'empty' } });
    expect(await consumer.remainder(Date.now())).toEqual({ kind: 'empty' });
  });

  it('a job completed while one is set aside answers when that one is due, not empty', async () => {
    const { consumer } = await queueOf(['a', 'b']);
    const a = await consumer.take();
    const until = Date.now() + 60_000;
    await consumer.postpone(a!, until);
    const b = await consumer.take();
    expect(b?.id).toBe('b');
    const after = await consumer.complete(b!, true, Date.now());
    expect(after).toEqual({ next: undefined, remainder: { kind: 'later', at: until } });
  });

  it('a worker working a backlog to its end gives the destination back without asking the queue again', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const bodies = Array.from({ length: 5 }, (_, n) => `{"n":${n}}`);
    // The receiver is this file's: what it got before this case is not looked at.
    const receivedBefore = receiver.bodies().length;
    for (const body of bodies) await h.send(endpoint.url, body);
    expect(await h.queues.jobCount(destination.id)).toBe(5);
    const ref = { tenantId: h.tenant.tenantId, destinationId: destination.id };
    // Claimed as a worker claims it (the claim clears its wake-up), among whatever else this file left due.
    const now = Date.now();
    const claimed = await h.queues.ready.claim(now, 100, now + 60_000, {
      perTenant: 100,
      tenants: new Map(),
      beyondUnlisted: 100,
      beyondTotal: 100,
    });
    expect(claimed.destinations).toContainEqual(ref);

    const asked = jest.spyOn(DestinationConsumer.prototype, 'remainder');
    try {
      const deps = workDestinationDeps(h, { queues: h.queues, sender });
      await workDestination(deps, ref, aPlace);
      expect(receiver.bodies().slice(receivedBefore)).toEqual(bodies);
      expect(asked).not.toHaveBeenCalled();
      expect(await h.queues.jobCount(destination.id)).toBe(0);
      // Given back: nothing of it is due or claimed any more.
      expect(await h.queues.ready.dueAt(ref)).toBeNull();
    } finally {
      asked.mockRestore();
    }
  }, 60_000);
});
