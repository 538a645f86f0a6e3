import type { ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeliveryReconciler } from '../../src/delivery/delivery-reconciler.js';
import { DeliveryWorkers } from '../../src/delivery/delivery-workers.js';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { HttpSender } from '../../src/delivery/http-sender.js';
import { FAST_POLICY, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startWorkerProcess } from '../helpers/worker-process.js';

/** Consecutive repeats collapsed: at-least-once may send the same event twice in a row, never out of order. */
const collapse = (bodies: string[]) => bodies.filter((body, index) => body !== bodies[index - 1]);

async function answersOn(url: string, timeoutMs = 20_000): Promise<{ status: number; body: unknown }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      return { status: response.status, body: await response.json() };
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('at-least-once when Redis loses jobs or a worker dies', () => {
  let h: DeliveryHarness;
  const receivers: Receiver[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await h.close();
    for (const receiver of receivers) await receiver.close();
  });

  const newReceiver = async (answer?: Receiver['answer']) => {
    const receiver = await startReceiver(answer);
    receivers.push(receiver);
    return receiver;
  };
  const workersInProcess = () =>
    new DeliveryWorkers({
      ...h.context.deps,
      queues: h.queues,
      sender: new HttpSender(new EgressGuard(parseCidrList('127.0.0.1/32')), 256),
      policy: FAST_POLICY,
      concurrency: 8,
      lockMs: 5000,
      reconcileIntervalMs: 200,
    });
  const startWorker = (options: { healthPort?: number; logLevel?: string } = {}) => {
    const worker = startWorkerProcess(h, options);
    children.push(worker.child);
    return worker;
  };

  /** The port the worker's probes bound, as its start-up log line reports it (the test asks for port 0). */
  const reportedHealthPort = async (output: { stdout: string }, timeoutMs = 20_000): Promise<number> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const line of output.stdout.split('\n')) {
        if (!line.includes('delivery workers running')) continue;
        return (JSON.parse(line) as { healthPort: number }).healthPort;
      }
      if (Date.now() > deadline) throw new Error(`the worker logged no start-up line in ${timeoutMs} ms; stdout: ${output.stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('re-creates lost jobs from the outbox after the prefix’s Redis keys are deleted, in order', async () => {
    const receiver = await newReceiver();
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 1; n <= 5; n += 1) await h.send(endpoint.url, `{"lost":${n}}`);
    expect(await h.queues.jobCount(destination.id)).toBe(5);
    // What FLUSHALL does to this file's queues, without touching other test files' keys in the shared Redis.
    expect(await h.dropQueueKeys()).toBeGreaterThan(0);
    expect(await h.queues.jobCount(destination.id)).toBe(0);
    const workers = workersInProcess();
    await workers.start();
    try {
      await receiver.waitFor(5);
      expect(receiver.bodies()).toEqual([1, 2, 3, 4, 5].map((n) => `{"lost":${n}}`));
    } finally {
      await workers.close();
    }
  });

  it('worker processes starting together make one start-up pass between them; one started after it makes its own', async () => {
    const receiver = await newReceiver();
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const reconciler = () => new DeliveryReconciler({ ...h.context.deps, queues: h.queues, intervalMs: 60_000 });
    // No worker runs in this file: the deliveries stay pending, and with their jobs lost a pass re-creates them.
    for (let n = 1; n <= 3; n += 1) await h.send(endpoint.url, `{"start":${n}}`);
    await h.dropQueueKeys();
    const passes = await Promise.all([reconciler().atStart(), reconciler().atStart(), reconciler().atStart()]);
    expect(passes.filter((pass) => pass !== undefined)).toEqual([expect.objectContaining({ jobsAdded: 3 })]);
    // The turn was given back: a process starting now makes its pass (nothing left to re-create).
    expect(await reconciler().atStart()).toEqual(expect.objectContaining({ jobsAdded: 0 }));
  });

  it('delivers everything in order when the keys vanish while deliveries are in flight', async () => {
    let dropped = false;
    const receiver = await newReceiver((request) => ({
      status: 200,
      delayMs: request.body.toString() === '{"flight":1}' && !dropped ? 400 : 0,
    }));
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const workers = workersInProcess();
    await workers.start();
    try {
      for (let n = 1; n <= 4; n += 1) await h.send(endpoint.url, `{"flight":${n}}`);
      await receiver.waitFor(1);
      await h.dropQueueKeys();
      dropped = true;
      // Flight 1 may arrive twice (at-least-once): four requests need not hold flight 4, so wait for it by body.
      await receiver.waitForBody('{"flight":4}');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(collapse(receiver.bodies())).toEqual([1, 2, 3, 4].map((n) => `{"flight":${n}}`));
    } finally {
      await workers.close();
    }
  });

  it('delivers again, in order, after the worker process is killed mid-delivery', async () => {
    let hang = true;
    const receiver = await newReceiver((request) => ({
      status: 200,
      delayMs: hang && request.body.toString() === '{"kill":1}' ? 60_000 : 0,
    }));
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 1; n <= 3; n += 1) await h.send(endpoint.url, `{"kill":${n}}`);
    const { child: first } = startWorker();
    await receiver.waitFor(1, 30_000);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    hang = false;
    const { child: second } = startWorker();
    try {
      await receiver.waitFor(4, 30_000);
      expect(receiver.bodies()).toEqual(['{"kill":1}', '{"kill":1}', '{"kill":2}', '{"kill":3}']);
    } finally {
      // One worker process per queue: a second one alive during the next test would race it for the head.
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
    }
  }, 60_000);

  it('keeps FIFO on each of 100 destinations delivering in parallel', async () => {
    const endpoint = await h.endpoint();
    const fleet = await Promise.all(Array.from({ length: 100 }, () => newReceiver()));
    for (const receiver of fleet) {
      const destination = await h.destination(receiver.url);
      await h.subscribe(endpoint.id, destination.id);
    }
    const workers = workersInProcess();
    await workers.start();
    try {
      for (let n = 1; n <= 5; n += 1) await h.send(endpoint.url, `{"fleet":${n}}`);
      for (const receiver of fleet) await receiver.waitFor(5, 30_000);
      // At-least-once: on a loaded machine a send whose outcome could not be written in time (the bounded
      // pool wait) is sent again, right after itself; FIFO means nothing ever arrives out of order.
      for (const receiver of fleet) expect(collapse(receiver.bodies())).toEqual([1, 2, 3, 4, 5].map((n) => `{"fleet":${n}}`));
    } finally {
      await workers.close();
    }
  }, 60_000);

  it('the worker process answers its probes: /healthz, and /readyz once PostgreSQL and Redis answer', async () => {
    const { child: worker, output } = startWorker({ logLevel: 'info' });
    const port = await reportedHealthPort(output);
    expect(port).toBeGreaterThan(0);
    expect(await answersOn(`http://127.0.0.1:${port}/healthz`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await answersOn(`http://127.0.0.1:${port}/readyz`)).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', redis: 'ok' } },
    });
    worker.kill('SIGTERM');
    await new Promise((resolve) => worker.once('exit', resolve));
  }, 30_000);

  it('a worker whose probe port is taken exits 1 with one line naming WORKER_HEALTH_PORT instead of a stack trace', async () => {
    const occupant = createServer();
    await new Promise<void>((resolve) => occupant.listen(0, '0.0.0.0', resolve));
    const taken = (occupant.address() as AddressInfo).port;
    try {
      const { child: worker, output } = startWorker({ healthPort: taken });
      const code = await new Promise((resolve) => worker.once('exit', resolve));
      expect(code).toBe(1);
      expect(output.stderr).toBe(
        `webhook-relay worker failed to start: 0.0.0.0:${taken} is already in use by another process: set WORKER_HEALTH_PORT to a free port\n`,
      );
    } finally {
      await new Promise((resolve) => occupant.close(resolve));
    }
  }, 30_000);
});
