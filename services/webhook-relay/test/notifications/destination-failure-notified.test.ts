import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver, type Received } from '../helpers/receiver.js';
import { api } from '../helpers/test-app.js';
import { startWorkerProcess, stopWorkerProcess, type WorkerProcess } from '../helpers/worker-process.js';

// The whole path in production's processes: a real worker process (dist/worker.js) delivers to a destination that
// fails, opens its issue and its breaker, and its notifier tells the tenant's target, signed; the destination
// recovers and the target hears that too. Verified with the standardwebhooks library, as a receiver would.
describe('a failing destination is notified to the tenant, and so is its recovery', () => {
  let h: DeliveryHarness;
  let worker: WorkerProcess | undefined;
  let destination: Receiver;
  let operations: Receiver;
  let down = true;

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    destination = await startReceiver(() => (down ? { status: 503, body: 'upstream unavailable' } : { status: 200 }));
    operations = await startReceiver(() => ({ status: 204 }));
  });
  afterAll(async () => {
    if (worker) await stopWorkerProcess(worker);
    await destination.close();
    await operations.close();
    await h.close();
  });

  /** The notifications the operations target received so far, verified, as {type, data}. */
  const notifications = (secret: string) => {
    const webhook = new Webhook(secret);
    return operations.received.map((request: Received) => {
      const headers = Object.fromEntries(
        ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name])]),
      );
      return webhook.verify(request.body.toString(), headers) as { type: string; data: Record<string, unknown> };
    });
  };

  it('sends issue.opened when the destination starts failing, then issue.resolved and destination.recovered', async () => {
    const target = (
      await api(h.context).post('/v1/notification-targets').set(h.tenant.auth).send({ kind: 'webhook', url: operations.url }).expect(201)
    ).body;
    const endpoint = await h.endpoint();
    const failing = await h.destination(destination.url, { breaker: { failures: 2, window_seconds: 0 } });
    await h.subscribe(endpoint.id, failing.id);
    worker = startWorkerProcess(h, {
      env: { RELAY_NOTIFICATION_POLL_MS: '50', RELAY_BREAKER_PROBE_FIRST: '200ms', RELAY_BREAKER_PROBE_MAX: '500ms' },
    });
    await h.send(endpoint.url, '{"order":1}');

    const opened = await eventually(() => {
      const found = notifications(target.secret).find((notification) => notification.type === 'issue.opened');
      expect(found).toBeDefined();
      return found!;
    }, 60_000);
    expect(opened.data).toMatchObject({ destination_id: failing.id, kind: 'http_5xx', state: 'open', last_status: 503 });
    // The breaker opens on the second failure: probes, not dead letters, and still one issue.
    await eventually(async () => {
      const shown = (await api(h.context).get(`/v1/destinations/${failing.id}`).set(h.tenant.auth).expect(200)).body;
      expect(['open', 'half_open']).toContain(shown.breaker.state);
    }, 60_000);
    await destination.waitFor(4, 60_000);
    expect(notifications(target.secret).filter((notification) => notification.type === 'issue.opened')).toHaveLength(1);

    down = false;
    const types = await eventually(() => {
      const seen = notifications(target.secret).map((notification) => notification.type);
      expect(seen).toEqual(expect.arrayContaining(['issue.resolved', 'destination.recovered']));
      return seen;
    }, 60_000);
    expect(types).not.toContain('delivery.exhausted');
    const resolved = notifications(target.secret).find((notification) => notification.type === 'issue.resolved')!;
    expect(resolved.data).toMatchObject({ id: opened.data.id, state: 'resolved', resolved_by: 'system:delivery' });
    expect(destination.bodies().at(-1)).toBe('{"order":1}');
  }, 120_000);
});
