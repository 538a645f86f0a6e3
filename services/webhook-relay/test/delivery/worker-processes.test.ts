import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from '../helpers/worker-process.js';

const DESTINATIONS = 50;

/** First arrivals only (a repeat of a webhook-id is at-least-once at work), as the bodies' numbers. */
function firstArrivals(receiver: Receiver): number[] {
  const seen = new Set<string>();
  const order: number[] = [];
  for (const request of receiver.received) {
    const id = String(request.headers['webhook-id']);
    if (seen.has(id)) continue;
    seen.add(id);
    order.push((JSON.parse(request.body.toString()) as { n: number }).n);
  }
  return order;
}

const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

async function waitUntil(check: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('worker processes share 50 destinations: nothing lost, FIFO held, one sender per head', () => {
  let h: DeliveryHarness;
  let endpoint: { id: string; url: string };
  const receivers: Receiver[] = [];
  const destinationIds: string[] = [];
  let workers: WorkerProcess[] = [];
  /** What the receivers answer; a test may make one of them slow, hang or answer 410. */
  let answer: (index: number, body: { n: number }) => { status: number; delayMs?: number } = () => ({ status: 200, delayMs: 5 });

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    endpoint = await h.endpoint();
    for (let index = 0; index < DESTINATIONS; index += 1) {
      const receiver = await startReceiver((request) => answer(index, JSON.parse(request.body.toString()) as { n: number }));
      receivers.push(receiver);
      const destination = await h.destination(receiver.url);
      await h.subscribe(endpoint.id, destination.id);
      destinationIds.push(destination.id);
    }
  }, 60_000);
  afterEach(async () => {
    await Promise.all(workers.map((worker) => stopWorkerProcess(worker, 'SIGKILL')));
    workers = [];
    answer = () => ({ status: 200, delayMs: 5 });
  });
  afterAll(async () => {
    await h.close();
    for (const receiver of receivers) await receiver.close();
  });

  // Few places per process, so the processes take destinations from one another between waves.
  const startWorkers = (count: number) => {
    for (let n = 0; n < count; n += 1) workers.push(startWorkerProcess(h, { env: { RELAY_DELIVERY_CONCURRENCY: '4' } }));
  };
  const sendWave = async (from: number, to: number) => {
    for (const n of numbers(from, to)) await h.send(endpoint.url, JSON.stringify({ n }));
  };
  const allReceived = (to: number) => receivers.every((receiver) => firstArrivals(receiver).length >= to);
  const describeReceivers = () => receivers.map((receiver, index) => `${index}: ${firstArrivals(receiver).join(',')}`).join(' | ');

  const expectEveryDestination = (to: number) => {
    for (const receiver of receivers) {
      expect(firstArrivals(receiver)).toEqual(numbers(1, to));
      // One sender per head: no destination ever had two requests in flight at once.
      expect(receiver.maxInFlight).toBe(1);
    }
  };

  it('delivers every event to every destination in capture order, with three processes sending', async () => {
    startWorkers(3);
    for (let wave = 0; wave < 4; wave += 1) {
      await sendWave(wave * 5 + 1, wave * 5 + 5);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await waitUntil(() => allReceived(20), 60_000, describeReceivers);
    expectEveryDestination(20);
  }, 90_000);

  it('a process killed with SIGKILL mid-delivery hands its destinations to the others: nothing lost or reordered', async () => {
    // The first process alone takes the work; destination 0 hangs on event 23 until that process is dead.
    let firstAlive = true;
    answer = (index, body) => ({ status: 200, delayMs: index === 0 && body.n === 23 && firstAlive ? 60_000 : 10 });
    startWorkers(1);
    const [first] = workers;
    await sendWave(21, 30);
    await waitUntil(() => firstArrivals(receivers[0]!).includes(23), 30_000, describeReceivers);
    startWorkers(2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stopWorkerProcess(first!, 'SIGKILL');
    firstAlive = false;
    await sendWave(31, 35);
    // The lock (1 s here) runs out, the stalled check moves the job back, another process sends 23 again.
    await waitUntil(() => allReceived(35), 60_000, describeReceivers);
    for (const receiver of receivers) expect(firstArrivals(receiver)).toEqual(numbers(1, 35));
    const zero = receivers[0]!.received.map((request) => (JSON.parse(request.body.toString()) as { n: number }).n);
    expect(zero.filter((n) => n === 23)).toHaveLength(2);
  }, 90_000);

  it('Redis losing every key mid-run: the reconciler restores every pending delivery, in order', async () => {
    answer = () => ({ status: 200, delayMs: 20 });
    startWorkers(3);
    await sendWave(36, 45);
    await waitUntil(() => receivers.some((receiver) => firstArrivals(receiver).length > 36), 30_000, describeReceivers);
    // What FLUSHALL does to this relay (its prefix only: other test files share the Redis).
    expect(await h.dropQueueKeys()).toBeGreaterThan(0);
    await sendWave(46, 50);
    await waitUntil(() => allReceived(50), 60_000, describeReceivers);
    for (const receiver of receivers) expect(firstArrivals(receiver)).toEqual(numbers(1, 50));
  }, 90_000);

  it('a destination disabled by 410 and enabled again keeps its order', async () => {
    let gone = true;
    answer = (index, body) => (index === 7 && body.n === 53 && gone ? { status: 410 } : { status: 200, delayMs: 5 });
    startWorkers(3);
    await sendWave(51, 56);
    await waitUntil(
      () =>
        receivers.every((receiver, index) => (index === 7 ? firstArrivals(receiver).includes(53) : firstArrivals(receiver).length >= 56)),
      60_000,
      describeReceivers,
    );
    // The receiver saw 53 before the worker read its 410: the destination is disabled once that answer is recorded.
    await eventually(async () => {
      const disabled = await api(h.context).get(`/v1/destinations/${destinationIds[7]}`).set(h.tenant.auth).expect(200);
      expect(disabled.body.enabled).toBe(false);
    });
    gone = false;
    await api(h.context).patch(`/v1/destinations/${destinationIds[7]}`).set(h.tenant.auth).send({ enabled: true }).expect(200);
    await waitUntil(() => allReceived(56), 30_000, describeReceivers);
    // 53 was answered 410 once and sent again: first arrivals stay in order.
    for (const receiver of receivers) expect(firstArrivals(receiver)).toEqual(numbers(1, 56));
  }, 90_000);

  it('a worker process keeps to WORKER_DATABASE_POOL_SIZE connections, however many destinations it works at once', async () => {
    // Its connections are told apart from everyone else's by their application_name.
    const applicationName = `relay-worker-pool-${process.pid}`;
    const appUrl = new URL(h.context.appRoleUrl);
    appUrl.searchParams.set('application_name', applicationName);
    const worker = startWorkerProcess(h, {
      env: { DATABASE_APP_URL: appUrl.toString(), WORKER_DATABASE_POOL_SIZE: '2', RELAY_DELIVERY_CONCURRENCY: '32' },
    });
    workers.push(worker);
    let mostConnections = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await h.context.pool.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM pg_stat_activity WHERE application_name = $1',
          [applicationName],
        );
        mostConnections = Math.max(mostConnections, rows[0]!.count);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    await sendWave(57, 66);
    await waitUntil(() => allReceived(66), 60_000, describeReceivers);
    sampling = false;
    await sampler;
    for (const receiver of receivers) expect(firstArrivals(receiver)).toEqual(numbers(1, 66));
    expect(mostConnections).toBeGreaterThan(0);
    expect(mostConnections).toBeLessThanOrEqual(2);
  }, 90_000);
});
