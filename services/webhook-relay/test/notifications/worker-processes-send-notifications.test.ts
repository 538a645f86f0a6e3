import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from '../helpers/worker-process.js';
import { enqueue, waitUntil } from './notification-setup.js';

const NOTIFICATIONS = 30;

// The real worker process (dist/worker.js) runs the notifier: two of them on one database send every
// notification, each once, signed.
describe('notifications from two worker processes', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let workers: WorkerProcess[] = [];

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    receiver = await startReceiver(() => ({ status: 200, delayMs: 20 }));
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => stopWorkerProcess(worker)));
    await receiver.close();
    await h.close();
  });

  it('are each sent once, and verify with standardwebhooks', async () => {
    const target = (
      await api(h.context).post('/v1/notification-targets').set(h.tenant.auth).send({ kind: 'webhook', url: receiver.url }).expect(201)
    ).body;
    workers = [0, 1].map(() => startWorkerProcess(h, { env: { RELAY_NOTIFICATION_POLL_MS: '50' } }));
    for (let index = 0; index < NOTIFICATIONS; index += 1)
      await enqueue(h.context, h.tenant.tenantId, 'delivery.exhausted', { n: index }, { ...h.context.deps.runtime, now: () => new Date() });
    await waitUntil(() => receiver.received.length >= NOTIFICATIONS, `${NOTIFICATIONS} notifications`, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
    expect(new Set(ids).size).toBe(NOTIFICATIONS);
    expect(ids).toHaveLength(NOTIFICATIONS);
    const webhook = new Webhook(target.secret);
    for (const request of receiver.received) {
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name])]),
      );
      expect(webhook.verify(request.body.toString(), headers)).toMatchObject({ type: 'delivery.exhausted' });
    }
  });
});
