// The live feed behind the dashboard (GET /v1/events/stream) against real Redis pub/sub, PostgreSQL and the ingest
// listener: an event captured on ingest reaches an open stream, then again with its verification result; filters and
// tenants are kept apart; and no Redis connection is open while nobody listens.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventSummary } from '@workspace/contracts';
import { expectContract } from '../helpers/contract.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { readEventStream, type EventStreamReader } from '../helpers/sse-client.js';
import { api } from '../helpers/test-app.js';
import Stripe from 'stripe';

const stripeSignature = (payload: string, secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });

let h: DeliveryHarness;
let server: Server;
let base: string;

beforeAll(async () => {
  h = await startDeliveryHarness({ workers: false });
  server = h.context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.close();
  await h.close();
});

async function open(query = '', headers = h.tenant.auth): Promise<EventStreamReader> {
  const stream = await readEventStream(`${base}/v1/events/stream${query}`, headers);
  expect(stream.status).toBe(200);
  expect((await stream.next()).event).toBe('ready');
  return stream;
}

async function nextEvent(stream: EventStreamReader): Promise<EventSummary> {
  const message = await stream.next();
  expect(message.event).toBe('event');
  const summary = JSON.parse(message.data) as EventSummary;
  expectContract(EventSummary, summary, 'a live event');
  expect(message.id).toBe(summary.id);
  return summary;
}

describe('GET /v1/events/stream', () => {
  it('holds no Redis connection while no page listens, one while pages do, and none after they leave', async () => {
    const live = h.context.deps.live!;
    expect(live.connections).toBe(0);
    const first = await open();
    const second = await open();
    expect(live.connections).toBe(1);
    first.close();
    second.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live.connections).toBe(0);
  });

  it('pushes an event captured on ingest to an open stream', async () => {
    const endpoint = await h.endpoint();
    const stream = await open();
    const eventId = await h.send(endpoint.url, '{"pushed":true}');
    const summary = await nextEvent(stream);
    expect(summary).toMatchObject({ id: eventId, endpoint_id: endpoint.id, verification: { state: 'unattempted' } });
    stream.close();
  });

  it('pushes a signed event again once its check is recorded: verified, or failed with its cause', async () => {
    const secret = 'whsec_live_feed_test_secret';
    const endpoint = await h.endpoint({ provider: 'stripe' });
    await api(h.context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(h.tenant.auth).send({ secret }).expect(201);
    const stream = await open(`?endpoint_id=${endpoint.id}`);
    const body = '{"type":"charge.succeeded"}';
    const good = await h.send(endpoint.url, body, { 'stripe-signature': stripeSignature(body, secret) });
    const seen = new Map<string, string>();
    while (seen.get(good) !== 'verified') {
      const summary = await nextEvent(stream);
      seen.set(summary.id, summary.verification.state ?? '');
    }
    const tampered = await h.send(endpoint.url, '{"type":"charge.refunded"}', { 'stripe-signature': stripeSignature(body, secret) });
    let last: EventSummary;
    do last = await nextEvent(stream);
    while (last.id !== tampered || last.verification.state !== 'failed');
    expect(last.verification.cause).toBeTruthy();
    stream.close();
  });

  it("sends only events matching its filters, and never another tenant's", async () => {
    const watched = await h.endpoint();
    const other = await h.endpoint();
    const otherTenant = await h.context.newTenant('pro');
    const foreign = await open('', otherTenant.auth);
    const stream = await open(`?endpoint_id=${watched.id}`);
    await h.send(other.url, '{"other":true}');
    const wanted = await h.send(watched.url, '{"watched":true}');
    expect((await nextEvent(stream)).id).toBe(wanted);
    await expect(foreign.next(300)).rejects.toThrow(/no server-sent event/);
    stream.close();
    foreign.close();
  });

  it('ends every open stream when the process drains for shutdown, and lets go of Redis', async () => {
    const live = h.context.deps.live!;
    const first = await open();
    const second = await open();
    live.drain();
    await Promise.all([first.ended, second.ended]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(live.connections).toBe(0);
  });

  it('refuses a bad filter with 400 and no key with 401, as JSON', async () => {
    const bad = await readEventStream(`${base}/v1/events/stream?state=maybe`, h.tenant.auth);
    expect(bad.status).toBe(400);
    bad.close();
    const anonymous = await readEventStream(`${base}/v1/events/stream`);
    expect(anonymous.status).toBe(401);
    anonymous.close();
  });
});

describe('GET /v1/events filters the dashboard uses', () => {
  it('lists by verification state and by provider', async () => {
    const secret = 'whsec_filter_test_secret';
    const signed = await h.endpoint({ provider: 'stripe' });
    await api(h.context).post(`/v1/endpoints/${signed.id}/secrets`).set(h.tenant.auth).send({ secret }).expect(201);
    const plain = await h.endpoint();
    const body = '{"type":"invoice.paid"}';
    const verified = await h.send(signed.url, body, { 'stripe-signature': stripeSignature(body, secret) });
    const failed = await h.send(signed.url, '{"type":"other"}', { 'stripe-signature': stripeSignature(body, secret) });
    const unattempted = await h.send(plain.url, '{}');
    const ids = async (query: string) =>
      (await api(h.context).get(`/v1/events?limit=100&${query}`).set(h.tenant.auth).expect(200)).body.data.map(
        (event: { id: string }) => event.id,
      );
    expect(await ids('state=verified')).toContain(verified);
    expect(await ids('state=verified')).not.toContain(failed);
    expect(await ids('state=failed')).toContain(failed);
    expect(await ids('state=unattempted')).toContain(unattempted);
    expect(await ids('state=unattempted')).not.toContain(verified);
    expect(await ids(`provider=stripe&endpoint_id=${signed.id}`)).toEqual([failed, verified]);
    expect(await ids('state=pending')).toEqual([]);
    const refused = await api(h.context).get('/v1/events?state=maybe').set(h.tenant.auth).expect(400);
    expect(refused.body.error.message).toMatch(/state must be one of/);
  });
});
