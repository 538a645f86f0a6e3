// A JSON body may carry a NUL in a string (as the escape \u0000), and PostgreSQL's text cannot store one. The event
// type read from such a string made the capture statement fail: the sender got a 500 and the webhook was not stored.
// Capture-first stores every request: a type holding a NUL is not an event type a sender chose, so it is stored as
// none (as an overlong one is), and the body goes out byte for byte.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api } from '../helpers/test-app.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe('a JSON body with a NUL escape in its type', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;

  beforeAll(async () => {
    h = await startDeliveryHarness();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('is captured with no event type and delivered byte for byte', async () => {
    const endpoint = await h.endpoint();
    const destination = await h.destination(receiver.url);
    await h.subscribe(endpoint.id, destination.id);
    const body = '{"type":"invoice\\u0000paid","note":"\\u0000 inside"}';
    const response = await fetch(endpoint.url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    const { event_id: eventId } = (await response.json()) as { event_id: string };
    const event = (await api(h.context).get(`/v1/events/${eventId}`).set(h.tenant.auth).expect(200)).body;
    expect(event.event_type).toBeNull();
    await eventually(async () => expect(receiver.bodies()).toEqual([body]));
  }, 60_000);

  it('keeps a plain type as it was', async () => {
    const endpoint = await h.endpoint();
    const response = await fetch(endpoint.url, {
      method: 'POST',
      body: '{"type":"invoice.paid"}',
      headers: { 'content-type': 'application/json' },
    });
    const { event_id: eventId } = (await response.json()) as { event_id: string };
    const event = (await api(h.context).get(`/v1/events/${eventId}`).set(h.tenant.auth).expect(200)).body;
    expect(event.event_type).toBe('invoice.paid');
  }, 60_000);
});
