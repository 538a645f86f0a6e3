import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeliveryReconciler } from '../../src/delivery/delivery-reconciler.js';
import { DeliveryWorkers } from '../../src/delivery/delivery-workers.js';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { HttpSender } from '../../src/delivery/http-sender.js';
import { workDestination } from '../../src/delivery/work-destination.js';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { REDIS_URL, startDeliveryHarness, workDestinationDeps, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

/** A second "process": its own Redis connections and sender on the same prefix, sharing nothing in memory. */
function otherProcess(h: DeliveryHarness) {
  const queues = new DeliveryQueues(connectRedis(REDIS_URL), h.prefix);
  const sender = new HttpSender(new EgressGuard(parseCidrList('127.0.0.1/32')), 256);
  const deps = workDestinationDeps(h, { queues, sender });
  return {
    queues,
    deps,
    async close() {
      await queues.close();
      await sender.close();
      queues.connection.disconnect();
    },
  };
}

/** A place that is never stopping and ignores how fast its receiver answers. */
const aPlace = { stopping: () => false, sendingSlowly: () => undefined, answeredPromptly: () => undefined };

describe('one sender per destination head, whatever the number of worker processes', () => {
  let h: DeliveryHarness;
  const receivers: Receiver[] = [];
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
  });
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    await h.close();
    for (const receiver of receivers) await receiver.close();
  });

  const newReceiver = async (answer?: Receiver['answer']) => {
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    return receiver;
  };
  const otherWorker = () => {
    const made = otherProcess(h);
    cleanups.push(() => made.close());
    return made;
  };

  it('two processes working the same destination at the same moment never send two requests to it at once', async () => {
    // The receiver holds every request 300 ms: if both processes could take a job, their sends would overlap.
    const receiver = await newReceiver(() => ({ status: 200, delayMs: 300 }));
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 1; n <= 4; n += 1) await h.send(endpoint.url, `{"race":${n}}`);
    const [a, b] = [otherWorker(), otherWorker()];
    // Both skip the claim (which alone would keep them apart) and go straight for the queue: only BullMQ's
    // global concurrency of 1 stands between them.
    const ref = { tenantId: h.tenant.tenantId, destinationId: destination.id };
    await Promise.all([workDestination(a.deps, ref, aPlace), workDestination(b.deps, ref, aPlace)]);
    expect(receiver.maxInFlight).toBe(1);
    expect(receiver.bodies()).toEqual([1, 2, 3, 4].map((n) => `{"race":${n}}`));
    // What keeps them apart, set by each claim: one active job per queue; and a short event stream.
    const meta = await h.queues.commands.hgetall(`${h.prefix}:destination-${destination.id}:meta`);
    expect(meta).toMatchObject({ concurrency: '1', 'opts.maxLenEvents': '100' });
  }, 30_000);

  it('a job added between the holder’s last look and its release is not stranded (no reconciler needed)', async () => {
    const receiver = await newReceiver();
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const worker = otherWorker();
    // The holder finds the queue empty (its completion says so), and before it lets go, a new event's job
    // arrives (forced here by holding the holder between the two steps).
    const ready = worker.queues.ready;
    const release = ready.release.bind(ready);
    let arrive: (() => Promise<void>) | undefined;
    ready.release = async (destination, dueAt) => {
      const pending = arrive;
      arrive = undefined;
      await pending?.();
      return release(destination, dueAt);
    };
    await h.send(endpoint.url, '{"gap":1}');
    arrive = async () => {
      await h.send(endpoint.url, '{"gap":2}');
    };
    const workers = new DeliveryWorkers({ ...h.context.deps, ...worker.deps, concurrency: 2, reconcileIntervalMs: 600_000 });
    await workers.start();
    try {
      await receiver.waitFor(2, 10_000);
      expect(receiver.bodies()).toEqual(['{"gap":1}', '{"gap":2}']);
    } finally {
      await workers.close();
    }
    expect(arrive).toBeUndefined();
  }, 30_000);

  it('the periodic reconciler pass runs in one process per interval, and only over destinations with pending deliveries', async () => {
    const idle = await newReceiver();
    const endpoint = await h.endpoint();
    for (let n = 0; n < 30; n += 1) {
      const destination = await h.destination(idle.url);
      await h.subscribe(endpoint.id, destination.id);
    }
    // One destination with a pending delivery whose job Redis lost.
    const busy = await newReceiver();
    const quiet = await h.endpoint();
    const destination = await h.destination(busy.url);
    await h.subscribe(quiet.id, destination.id);
    await h.send(quiet.url, '{"lost":1}');
    await h.dropQueueKeys();
    const reconcilers = [1, 2, 3].map(
      () =>
        new DeliveryReconciler({
          pool: h.context.deps.pool,
          queues: otherWorker().queues,
          runtime: h.context.deps.runtime,
          logger: h.context.deps.logger,
          intervalMs: 60_000,
        }),
    );
    const passes = await Promise.all(reconcilers.map((reconciler) => reconciler.tick()));
    const ran = passes.filter((pass) => pass !== undefined);
    expect(ran).toEqual([{ destinations: 1, jobsAdded: 1, markedReady: 0 }]);
    expect(await h.queues.jobCount(destination.id)).toBe(1);
    expect(await h.queues.ready.dueAt({ tenantId: h.tenant.tenantId, destinationId: destination.id })).not.toBeNull();
  }, 60_000);
});
