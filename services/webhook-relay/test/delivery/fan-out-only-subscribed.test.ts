// Capture reports whether each event's endpoint has a subscription; only those events are fanned out
// after the commit (or after their check). An endpoint nobody subscribed to costs no fan-out
// transaction, and an event that misses the in-process fan-out is still found by the sweep.
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { FanOut } from '../../src/delivery/fan-out.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import { api } from '../helpers/test-app.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const PROVIDER_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('fan-out runs only for events whose endpoint has a subscription', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let fannedOut: string[][];

  const deliveriesOf = async (eventId: string) =>
    Number((await h.context.ownerPool.query('SELECT count(*) AS n FROM deliveries WHERE event_id = $1', [eventId])).rows[0].n);
  const signedByProvider = (body: string, id: string) => {
    const now = new Date();
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(PROVIDER_SECRET).sign(id, now, body),
    };
  };

  beforeAll(async () => {
    h = await startDeliveryHarness();
    receiver = await startReceiver();
    const fanOut = h.fanOut.fanOut.bind(h.fanOut);
    jest.spyOn(h.fanOut, 'fanOut').mockImplementation((tenantId, eventIds) => {
      fannedOut.push(eventIds);
      return fanOut(tenantId, eventIds);
    });
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('does not open a fan-out for events of an endpoint nobody subscribed to', async () => {
    fannedOut = [];
    const endpoint = await h.endpoint();
    const eventId = await h.send(endpoint.url, '{"n":1}');
    expect(fannedOut).toEqual([]);
    expect(await deliveriesOf(eventId)).toBe(0);
  });

  it('does not open one after the check either, for a verifying endpoint nobody subscribed to', async () => {
    fannedOut = [];
    const endpoint = await h.endpoint({ provider: 'standard-webhooks' });
    await api(h.context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(h.tenant.auth).send({ secret: PROVIDER_SECRET }).expect(201);
    const body = '{"n":2}';
    const eventId = await h.send(endpoint.url, body, signedByProvider(body, 'msg_unsubscribed'));
    const event = (await api(h.context).get(`/v1/events/${eventId}`).set(h.tenant.auth).expect(200)).body;
    expect(event.verification.state).toBe('verified');
    expect(fannedOut).toEqual([]);
  });

  it('fans out, and delivers, the events of a subscribed endpoint, verifying or not', async () => {
    fannedOut = [];
    const plain = await h.endpoint();
    const verifying = await h.endpoint({ provider: 'standard-webhooks' });
    await api(h.context).post(`/v1/endpoints/${verifying.id}/secrets`).set(h.tenant.auth).send({ secret: PROVIDER_SECRET }).expect(201);
    const destination = await h.destination(receiver.url);
    await h.subscribe(plain.id, destination.id);
    await h.subscribe(verifying.id, destination.id);

    const plainEvent = await h.send(plain.url, '{"n":3}');
    const body = '{"n":4}';
    const verifiedEvent = await h.send(verifying.url, body, signedByProvider(body, 'msg_subscribed'));
    expect(fannedOut).toEqual([[plainEvent], [verifiedEvent]]);
    await receiver.waitFor(2);
    expect(receiver.bodies()).toEqual(['{"n":3}', '{"n":4}']);
  });

  it('leaves an event captured before its endpoint’s first subscription to the sweep, which delivers it', async () => {
    fannedOut = [];
    const endpoint = await h.endpoint();
    const eventId = await h.send(endpoint.url, '{"n":5}');
    expect(fannedOut).toEqual([]);
    // As if the subscription had been committed while the capture's batch was: capture did not see it.
    const destination = await h.destination(`${receiver.url}/late`);
    await h.subscribe(endpoint.id, destination.id);
    // The sweep looks at events older than its grace period: run it as if that had passed.
    const later = { ...systemRuntime, now: () => new Date(Date.now() + 60_000) };
    const { pool, logger } = h.context.deps;
    expect(await new FanOut({ pool, queues: h.queues, runtime: later, logger }).sweep()).toBeGreaterThanOrEqual(1);
    expect(await deliveriesOf(eventId)).toBe(1);
    await receiver.waitFor(3);
    expect(receiver.received.find((request) => request.path === '/late')?.body.toString()).toBe('{"n":5}');
  });
});
