import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { api } from '../helpers/test-app.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const PROVIDER_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('outbound signing and subscription filters', () => {
  let h: DeliveryHarness;
  let receiver: Receiver;
  let endpoint: { id: string; url: string };

  // A request signed for the endpoint's provider (standard-webhooks) by the official library.
  const signedByProvider = (body: string, id: string) => {
    const now = new Date();
    return {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(PROVIDER_SECRET).sign(id, now, body),
    };
  };
  const headersOf = (index: number) => receiver.received[index]!.headers as Record<string, string>;

  beforeAll(async () => {
    h = await startDeliveryHarness();
    receiver = await startReceiver();
    endpoint = await h.endpoint({ provider: 'standard-webhooks' });
    await api(h.context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(h.tenant.auth).send({ secret: PROVIDER_SECRET }).expect(201);
  });
  afterAll(async () => {
    await h.close();
    await receiver.close();
  });

  it('signs verified events with Standard Webhooks headers that the standardwebhooks package accepts', async () => {
    const destination = await h.destination(`${receiver.url}/signed`, { headers: { 'X-Team': 'payments' } });
    await h.subscribe(endpoint.id, destination.id);
    const body = '{"type":"invoice.paid","id":1}';
    await h.send(endpoint.url, body, signedByProvider(body, 'msg_in_1'));
    await receiver.waitFor(1);
    expect(receiver.received[0]!.path).toBe('/signed');
    const headers = headersOf(0);
    expect(headers['x-relay-verification']).toBe('verified');
    expect(headers['x-team']).toBe('payments');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(new Webhook(destination.secret).verify(receiver.received[0]!.body.toString(), headers)).toEqual(JSON.parse(body));
    // A different secret does not verify it.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(receiver.received[0]!.body.toString(), headers),
    ).toThrow();
  });

  it('signs with every active secret during a rotation, one v1 signature each', async () => {
    const destination = await h.destination(`${receiver.url}/rotated`);
    await h.subscribe(endpoint.id, destination.id);
    const rotated = (
      await api(h.context)
        .post(`/v1/destinations/${destination.id}/secrets/rotate`)
        .set(h.tenant.auth)
        .send({ previous_expire_in_seconds: 3600 })
        .expect(201)
    ).body;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.previous).toHaveLength(1);
    const body = '{"type":"invoice.paid","id":2}';
    await h.send(endpoint.url, body, signedByProvider(body, 'msg_in_2'));
    const request = await eventually(() => {
      const found = receiver.received.find((item) => item.path === '/rotated');
      expect(found).toBeDefined();
      return found!;
    });
    const headers = request.headers as Record<string, string>;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(destination.secret).verify(body, headers)).toBeTruthy();
    expect(new Webhook(rotated.secret).verify(body, headers)).toBeTruthy();
    // The listing shows hints only, never a secret.
    const listed = (await api(h.context).get(`/v1/destinations/${destination.id}`).set(h.tenant.auth).expect(200)).body;
    expect(JSON.stringify(listed)).not.toContain(rotated.secret.slice(6));
    expect(JSON.stringify(listed)).not.toContain(destination.secret.slice(6));
    expect(listed.secrets.map((secret: { secret_hint: string }) => secret.secret_hint)).toEqual([
      expect.stringMatching(/^whsec_…/),
      expect.stringMatching(/^whsec_…/),
    ]);
  });

  it('relays failed events unsigned, with the original bytes and a delivery id to deduplicate by', async () => {
    const destination = await h.destination(`${receiver.url}/unsigned`);
    await h.subscribe(endpoint.id, destination.id);
    const before = receiver.received.length;
    const body = '{"type":"invoice.paid","forged":true}';
    await h.send(endpoint.url, body, { ...signedByProvider('{"something":"else"}', 'msg_in_3') });
    await eventually(() => expect(receiver.received.filter((item) => item.path === '/unsigned')).toHaveLength(1));
    const request = receiver.received.slice(before).find((item) => item.path === '/unsigned')!;
    expect(request.body.toString()).toBe(body);
    expect(request.headers['x-relay-verification']).toBe('failed');
    expect(request.headers['webhook-signature']).toBeUndefined();
    expect(request.headers['webhook-timestamp']).toBeUndefined();
    const [delivery] = (await api(h.context).get(`/v1/deliveries?destination_id=${destination.id}`).set(h.tenant.auth).expect(200)).body
      .data;
    expect(request.headers['webhook-id']).toBe(delivery.id);
  });

  it('forwards only the states and event types a subscription names', async () => {
    const filtered = await startReceiver();
    try {
      const destination = await h.destination(filtered.url);
      await h.subscribe(endpoint.id, destination.id, { states: ['verified'], event_types: ['invoice.paid'] });
      const send = (body: string, id: string, signed = true) => h.send(endpoint.url, body, signed ? signedByProvider(body, id) : {});
      await send('{"type":"invoice.created"}', 'f1');
      await send('{"type":"invoice.paid","n":1}', 'f2', false);
      await send('{"type":"invoice.paid","n":2}', 'f3');
      await filtered.waitFor(1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(filtered.bodies()).toEqual(['{"type":"invoice.paid","n":2}']);
    } finally {
      await filtered.close();
    }
  });

  it('delivers unverified endpoints’ events (nothing to check) unsigned, marked unattempted', async () => {
    const plain = await h.endpoint();
    const target = await startReceiver();
    try {
      const destination = await h.destination(target.url);
      await h.subscribe(plain.id, destination.id);
      await h.send(plain.url, 'plain text body', { 'content-type': 'text/plain' });
      await target.waitFor(1);
      expect(target.received[0]!.headers['x-relay-verification']).toBe('unattempted');
      expect(target.received[0]!.headers['content-type']).toBe('text/plain');
      expect(target.received[0]!.headers['webhook-signature']).toBeUndefined();
    } finally {
      await target.close();
    }
  });
});
