// Transformations on the real path: events captured over HTTP by ingest, fanned out, and delivered by the workers to
// loopback receivers, each destination running its active transformation version in the QuickJS sandbox.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, type TestTenant } from '../helpers/test-app.js';

const RENAME_AND_TAG = `(request) => {
  const { amount, ...rest } = request.body;
  return { ...request, headers: { ...request.headers, 'x-transformed-by': 'relay' }, body: { ...rest, total: amount } };
}`;
const STAMP = (version: number) => `(request) => ({ ...request, body: { ...request.body, stamped_by: ${version} } })`;
const PROVIDER_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
// A request signed for the endpoint's provider (standard-webhooks) by the official library.
const signedByProvider = (body: string, id: string) => {
  const now = new Date();
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(PROVIDER_SECRET).sign(id, now, body),
  };
};
// The machine running the suite may be loaded: waits are generous, nothing is timed.
const LONG_WAIT_MS = 60_000;

interface Delivery {
  id: string;
  event_id: string;
  state: string;
  last_error: string | null;
  transformation_version: number | null;
}

let h: DeliveryHarness;
let receiver: Receiver;
const get = async (path: string, auth = h.tenant.auth) => (await api(h.context).get(path).set(auth).expect(200)).body;
const deliveriesOf = async (destinationId: string): Promise<Delivery[]> =>
  (await get(`/v1/deliveries?destination_id=${destinationId}&limit=100`)).data;
const receivedAt = (path: string) => receiver.received.filter((request) => request.path === path);
const bodiesAt = (path: string) => receivedAt(path).map((request) => JSON.parse(request.body.toString('utf8')));
const saveVersion = async (destinationId: string, code: string, activate = true) =>
  (await api(h.context).post(`/v1/destinations/${destinationId}/transformations`).set(h.tenant.auth).send({ code, activate }).expect(201))
    .body;
/** An endpoint subscribed to a new destination at the receiver's `path`. */
const wire = async (path: string, body: Record<string, unknown> = {}, endpointBody: Record<string, unknown> = {}) => {
  const endpoint = await h.endpoint(endpointBody);
  const destination = await h.destination(`${receiver.url}${path}`, body);
  await h.subscribe(endpoint.id, destination.id);
  return { endpoint, destination };
};

beforeAll(async () => {
  h = await startDeliveryHarness();
  receiver = await startReceiver();
});
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

describe('a destination with a transformation', () => {
  it('receives the transformed body and header, signed over the transformed body, and the delivery names the version', async () => {
    // The relay signs what it verified: an endpoint whose provider signs with Standard Webhooks.
    const { endpoint, destination } = await wire('/renamed', {}, { provider: 'standard-webhooks' });
    await api(h.context).post(`/v1/endpoints/${endpoint.id}/secrets`).set(h.tenant.auth).send({ secret: PROVIDER_SECRET }).expect(201);
    const saved = await saveVersion(destination.id, RENAME_AND_TAG);
    expect(saved).toMatchObject({ version: 1, active: true });
    const captured = '{"order":"A-1","amount":42}';
    const eventId = await h.send(endpoint.url, captured, signedByProvider(captured, 'msg_in_1'));

    await eventually(() => expect(receivedAt('/renamed')).toHaveLength(1), LONG_WAIT_MS);
    const [request] = receivedAt('/renamed');
    const body = request!.body.toString('utf8');
    expect(JSON.parse(body)).toEqual({ order: 'A-1', total: 42 });
    const headers = request!.headers as Record<string, string>;
    expect(headers['x-transformed-by']).toBe('relay');
    expect(headers['content-type']).toBe('application/json');
    expect(new Webhook(destination.secret).verify(body, headers)).toEqual({ order: 'A-1', total: 42 });
    // The signature is over what was sent, not over what was captured.
    expect(() => new Webhook(destination.secret).verify(captured, headers)).toThrow();

    const delivery = await eventually(async () => {
      const [found] = await deliveriesOf(destination.id);
      expect(found).toMatchObject({ event_id: eventId, state: 'succeeded' });
      return found!;
    }, LONG_WAIT_MS);
    expect(delivery.transformation_version).toBe(1);
    expect((await get(`/v1/deliveries/${delivery.id}`)).transformation_version).toBe(1);
  });

  it('drops a delivery its transformation returns null for: succeeded, and nothing sent', async () => {
    const { endpoint, destination } = await wire('/dropped');
    await saveVersion(destination.id, '(request) => (request.body.keep ? request : null)');
    const dropped = await h.send(endpoint.url, '{"keep":false,"n":1}');
    const kept = await h.send(endpoint.url, '{"keep":true,"n":2}');

    await eventually(async () => {
      const deliveries = await deliveriesOf(destination.id);
      expect(deliveries.map((delivery) => delivery.state)).toEqual(['succeeded', 'succeeded']);
    }, LONG_WAIT_MS);
    const deliveries = await deliveriesOf(destination.id);
    expect(deliveries.find((delivery) => delivery.event_id === dropped)).toMatchObject({ transformation_version: 1, last_error: null });
    expect(deliveries.find((delivery) => delivery.event_id === kept)).toMatchObject({ transformation_version: 1 });
    // The kept one was sent after the dropped one: had the dropped one been sent, it would be here first.
    expect(bodiesAt('/dropped')).toEqual([{ keep: true, n: 2 }]);
  });
});

describe('a hostile transformation', () => {
  let other: TestTenant;
  beforeAll(async () => {
    other = await h.context.newTenant('pro');
  });

  /** Another tenant's endpoint and destination, delivering to the same receiver untransformed. */
  const wireOtherTenant = async () => {
    const post = async (path: string, body: object) => (await api(h.context).post(path).set(other.auth).send(body).expect(201)).body;
    const endpoint = await post('/v1/endpoints', { name: 'neighbour' });
    const destination = await post('/v1/destinations', { name: 'neighbour', url: `${receiver.url}/neighbour`, timeout_ms: 2000 });
    await post('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
    await h.workers?.reconcile();
    return `${h.ingestUrl}${new URL(endpoint.ingest_url).pathname}`;
  };

  it('dead-letters with the CPU limit as the cause and opens an issue; later events arrive in order once fixed, and others are untouched', async () => {
    const { endpoint, destination } = await wire('/hostile');
    const neighbourUrl = await wireOtherTenant();
    await saveVersion(destination.id, '(request) => { for (;;) {} }');
    const hostileEvent = await h.send(endpoint.url, '{"n":0}');
    for (let n = 1; n <= 3; n += 1) await h.send(neighbourUrl, `{"neighbour":${n}}`);

    const dead = await eventually(async () => {
      const [delivery] = await deliveriesOf(destination.id);
      expect(delivery).toMatchObject({ event_id: hostileEvent, state: 'dead_lettered' });
      return delivery!;
    }, LONG_WAIT_MS);
    expect(dead.last_error).toMatch(/^transformation v1 failed: .*CPU time limit/);
    expect(dead.transformation_version).toBe(1);
    const [issue] = await eventually(async () => {
      const issues = (await get(`/v1/issues?destination_id=${destination.id}`)).data;
      expect(issues).toHaveLength(1);
      return issues;
    }, LONG_WAIT_MS);
    expect(issue).toMatchObject({ kind: 'transformation_failed', state: 'open' });
    // Not the receiver's failure: the breaker stays closed and the destination on.
    expect((await get(`/v1/destinations/${destination.id}`)).breaker.state).toBe('closed');

    // Fixed: a new version, active at once; the next events go through it in capture order, and so does the replay.
    await saveVersion(destination.id, STAMP(2));
    for (let n = 1; n <= 5; n += 1) await h.send(endpoint.url, `{"n":${n}}`);
    await api(h.context)
      .post('/v1/replays')
      .set(h.tenant.auth)
      .send({ destination_id: destination.id, delivery_ids: [dead.id] })
      .expect(201);
    await eventually(() => expect(receivedAt('/hostile')).toHaveLength(6), LONG_WAIT_MS);
    expect(bodiesAt('/hostile')).toEqual([1, 2, 3, 4, 5, 0].map((n) => ({ n, stamped_by: 2 })));
    await eventually(() => expect(bodiesAt('/neighbour')).toEqual([{ neighbour: 1 }, { neighbour: 2 }, { neighbour: 3 }]), LONG_WAIT_MS);
  });
});

describe('a tenant whose transformations each hold a sandbox thread to the hard deadline', () => {
  let other: TestTenant;
  beforeAll(async () => {
    other = await h.context.newTenant('pro');
  });

  it("does not hold up another tenant's transformed deliveries", async () => {
    // A built-in the interrupt handler cannot stop: each run ends only when its thread is terminated, after 1 s.
    const STUCK = '(request) => { Array.prototype.indexOf.call({ length: 2 ** 53 - 1 }, 1); return request; }';
    const stuck: Array<Awaited<ReturnType<typeof wire>>> = [];
    for (let n = 0; n < 6; n += 1) {
      const wired = await wire(`/stuck-${n}`);
      await saveVersion(wired.destination.id, STUCK);
      stuck.push(wired);
    }
    const post = async (route: string, body: object) => (await api(h.context).post(route).set(other.auth).send(body).expect(201)).body;
    const endpoint = await post('/v1/endpoints', { name: 'calm' });
    const destination = await post('/v1/destinations', { name: 'calm', url: `${receiver.url}/calm`, timeout_ms: 2000 });
    await post('/v1/subscriptions', { endpoint_id: endpoint.id, destination_id: destination.id });
    await post(`/v1/destinations/${destination.id}/transformations`, { code: STAMP(1), activate: true });
    await h.workers?.reconcile();
    const calmUrl = `${h.ingestUrl}${new URL(endpoint.ingest_url).pathname}`;

    for (const { endpoint: flooding } of stuck) for (let n = 0; n < 2; n += 1) await h.send(flooding.url, `{"n":${n}}`);
    const deadLettered = async () => {
      const states = await Promise.all(stuck.map(async ({ destination: d }) => (await deliveriesOf(d.id)).map((x) => x.state)));
      return states.flat().filter((state) => state === 'dead_lettered').length;
    };
    // The flood is under way: its first run has reached the hard deadline, the other eleven are waiting or running.
    await eventually(async () => expect(await deadLettered()).toBeGreaterThanOrEqual(1), LONG_WAIT_MS);
    for (let n = 1; n <= 3; n += 1) await h.send(calmUrl, `{"calm":${n}}`);
    await eventually(() => expect(receivedAt('/calm')).toHaveLength(3), LONG_WAIT_MS);

    // The flooding tenant holds one thread at a time, so its runs end a second apart: the calm tenant's three were
    // through while it ended one or two more. Given both threads, it ends two a second and the calm tenant's runs
    // wait behind the five heads it has queued: it had ended six or more by then.
    const endedMeanwhile = await deadLettered();
    expect(endedMeanwhile).toBeLessThanOrEqual(4);
    expect(bodiesAt('/calm')).toEqual([1, 2, 3].map((calm) => ({ calm, stamped_by: 1 })));
    // Its own deliveries all end, dead-lettered with the limit named.
    await eventually(async () => expect(await deadLettered()).toBe(12), LONG_WAIT_MS);
    for (const { destination: d } of stuck)
      for (const delivery of await deliveriesOf(d.id)) expect(delivery.last_error).toMatch(/CPU time limit.*hard deadline/);
  });
});

/** A receiver that holds the request it is told to until released: a delivery known to be in flight. */
async function startGatedReceiver(holdIndex: number) {
  const received: Array<{ body: string; headers: IncomingHttpHeaders }> = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      const answer = () => res.writeHead(200).end('ok');
      if (received.length - 1 === holdIndex) void released.then(answer);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a version change mid-stream', () => {
  it('keeps capture order: every event once, versions v1… then v2…', async () => {
    const EVENTS = 30;
    // The third delivery is held while v2 is activated; the 20 heads a read takes cannot reach the last events.
    const gated = await startGatedReceiver(2);
    try {
      const endpoint = await h.endpoint();
      const destination = await h.destination(gated.url, { timeout_ms: 60_000 });
      await h.subscribe(endpoint.id, destination.id);
      await saveVersion(destination.id, STAMP(1));
      const eventIds: string[] = [];
      for (let n = 1; n <= EVENTS; n += 1) eventIds.push(await h.send(endpoint.url, `{"n":${n}}`));

      await eventually(() => expect(gated.received.length).toBeGreaterThanOrEqual(3), LONG_WAIT_MS);
      await saveVersion(destination.id, STAMP(2));
      gated.release();

      await eventually(async () => {
        const deliveries = await deliveriesOf(destination.id);
        expect(deliveries.filter((delivery) => delivery.state === 'succeeded')).toHaveLength(EVENTS);
      }, LONG_WAIT_MS);
      const bodies = gated.received.map((request) => JSON.parse(request.body) as { n: number; stamped_by: number });
      expect(bodies.map((body) => body.n)).toEqual(eventIds.map((_, index) => index + 1));

      const byEvent = new Map((await deliveriesOf(destination.id)).map((delivery) => [delivery.event_id, delivery]));
      const versions = eventIds.map((eventId) => byEvent.get(eventId)!.transformation_version!);
      expect(versions.slice(0, 3)).toEqual([1, 1, 1]);
      expect(versions.at(-1)).toBe(2);
      expect(versions).toEqual([...versions].sort((a, b) => a - b));
      // What each delivery records is what the receiver got.
      expect(bodies.map((body) => body.stamped_by)).toEqual(versions);
    } finally {
      gated.release();
      await gated.close();
    }
  });
});
