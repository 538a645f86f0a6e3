// A worker process killed (SIGKILL) in the middle of a bulk retry: a new one resumes the job at its cursor once the
// lease runs out, and every dead letter is queued exactly once by the job. The kill is placed, not timed: the test
// holds the tenant's capture-order lock (which every chunk takes) so that the first process has committed exactly one
// chunk and is inside its second when it dies.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  deadLetterPending,
  deadLettersInOrder,
  firstArrivals,
  holdCaptureOrder,
  replaysPerDeadLetter,
  waitForLockWaiter,
  waitUntil,
} from '../helpers/bulk-retry.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from '../helpers/worker-process.js';

const EVENTS = 60;
const CHUNK = 10;

describe('a bulk retry survives the crash of the worker process running it', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let destination: { id: string };
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    receiver = await startReceiver(() => ({ status: 200, body: 'ok', delayMs: 2 }));
    const endpoint = await h.endpoint();
    destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 1; n <= EVENTS; n += 1) await h.send(endpoint.url, JSON.stringify({ n }));
    expect(await deadLetterPending(h, destination.id)).toBe(EVENTS);
  }, 120_000);
  afterAll(async () => {
    for (const worker of workers) await stopWorkerProcess(worker, 'SIGKILL');
    await h.close();
    await receiver.close();
  });

  const startWorker = () => {
    const worker = startWorkerProcess(h, { env: { RELAY_BULK_RETRY_CHUNK: String(CHUNK) } });
    workers.push(worker);
    return worker;
  };
  const job = async (id: string) => (await api(h.context).get(`/v1/bulk-retries/${id}`).set(h.tenant.auth).expect(200)).body;

  it('resumes at its cursor in a new process; the receiver gets each dead letter once from the job, in order', async () => {
    const deadLetters = await deadLettersInOrder(h, destination.id);
    const preview = (
      await api(h.context).post('/v1/bulk-retries/preview').set(h.tenant.auth).send({ destination_id: destination.id }).expect(200)
    ).body;
    expect(preview.deliveries).toBe(EVENTS);
    const lock = await holdCaptureOrder(h, h.tenant.tenantId);
    const started = (await api(h.context).post('/v1/bulk-retries').set(h.tenant.auth).send({ destination_id: destination.id }).expect(202))
      .body;
    const first = startWorker();
    // Its first chunk waits for the lock; let it through, and take the lock again behind it.
    await waitForLockWaiter(h, '%relay_capture_order%');
    const releasing = lock.release();
    const again = await holdCaptureOrder(h, h.tenant.tenantId);
    await releasing;
    // Now its second chunk waits: one chunk committed, the second in flight.
    await waitForLockWaiter(h, '%relay_capture_order%');
    expect(await job(started.id)).toMatchObject({ state: 'running', total: EVENTS, retried: CHUNK });
    await stopWorkerProcess(first, 'SIGKILL');
    await again.release();

    startWorker();
    await waitUntil(
      async () => (await job(started.id)).state === 'succeeded',
      () => 'the job to finish in the second process',
      90_000,
    );
    expect(await job(started.id)).toMatchObject({ state: 'succeeded', total: EVENTS, retried: EVENTS });
    const replays = await replaysPerDeadLetter(
      h,
      deadLetters.map((row) => row.id),
    );
    expect(replays.size).toBe(EVENTS);
    expect([...replays.values()].every((count) => count === 1)).toBe(true);
    await waitUntil(
      () => firstArrivals(receiver).length >= EVENTS,
      () => `${firstArrivals(receiver).length} of ${EVENTS} deliveries`,
      90_000,
    );
    // A repeat of a webhook-id is at-least-once delivery of the request in flight at the kill, not the job's.
    const arrivals = firstArrivals(receiver);
    expect(arrivals).toHaveLength(EVENTS);
    expect(arrivals.map((arrival) => (JSON.parse(arrival.body) as { n: number }).n)).toEqual(
      Array.from({ length: EVENTS }, (_, index) => index + 1),
    );
  }, 180_000);
});
