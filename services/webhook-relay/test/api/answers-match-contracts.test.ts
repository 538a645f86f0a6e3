// The API's answers in the states the other API tests leave out (signature checks that passed and failed, a
// duplicate, a delivery with failed and successful attempts, a dead letter and its replay, each plan's usage, an
// audit trail) are exactly what their contracts in packages/contracts say: checkedApi fails on a missing, mistyped
// or unnamed member. The first cases prove the check itself can fail.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeliveryDetail, Endpoint, EventDetail } from '@workspace/contracts';
import { checkedApi, expectAnswerContract, expectContract } from '../helpers/contract.js';
import { eventually, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const ENDPOINT = {
  id: '0190f5e2-0000-7000-8000-000000000001',
  name: 'orders',
  provider: null,
  dedup: null,
  ingest_url_hint: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
};

describe('the contract check', () => {
  it('passes an answer that is exactly its contract', () => {
    expect(expectContract(Endpoint, ENDPOINT)).toEqual(ENDPOINT);
  });

  it('fails on a member the contract does not name, at any depth', () => {
    expect(() => expectContract(Endpoint, { ...ENDPOINT, secret: 'leaked' })).toThrow(/members its contract does not name: secret/);
    expect(() => expectContract(Endpoint, { ...ENDPOINT, dedup: { strategy: 'content_hash', extra: 1 } })).toThrow(
      /does not name: dedup\.extra/,
    );
  });

  it('fails on a missing member, a nullable one included, and on a mistyped one', () => {
    const { ingest_url_hint: _dropped, ...withoutHint } = ENDPOINT;
    expect(() => expectContract(Endpoint, withoutHint)).toThrow(/breaks its contract[\s\S]*ingest_url_hint/);
    expect(() => expectContract(Endpoint, { ...ENDPOINT, created_at: 1_790_000_000_000 })).toThrow(/breaks its contract[\s\S]*created_at/);
    expect(() => expectContract(Endpoint, { ...ENDPOINT, dedup: { strategy: 'newest' } })).toThrow(
      /breaks its contract[\s\S]*dedup\.strategy/,
    );
  });

  it('judges an answer by the operation that served it: errors as RelayError, a success as its documented status and schema', () => {
    expect(() => expectAnswerContract('get', `/v1/endpoints/${ENDPOINT.id}`, { status: 200, body: ENDPOINT })).not.toThrow();
    expect(() => expectAnswerContract('get', '/v1/endpoints', { status: 200, body: ENDPOINT })).toThrow(/breaks its contract/);
    expect(() => expectAnswerContract('post', '/v1/endpoints', { status: 200, body: ENDPOINT })).toThrow(/documented to answer 201/);
    expect(() => expectAnswerContract('get', '/v1/nowhere', { status: 200, body: {} })).toThrow(/documents no such operation/);
    expect(() => expectAnswerContract('get', '/v1/endpoints', { status: 404, body: { error: { code: 'gone', message: 'x' } } })).toThrow(
      /breaks its contract/,
    );
  });
});

describe('answers with history match their contracts', () => {
  const GITHUB_SECRET = 'github webhook secret';
  let h: DeliveryHarness;
  let flaky: Receiver;
  let broken: Receiver;
  let healthy: Receiver;
  let verifying: { id: string; url: string };
  let deduplicating: { id: string; url: string };
  let flakyDestination: { id: string };
  let brokenDestination: { id: string };
  let healthyDestination: { id: string };

  const api = () => checkedApi(h.context);
  const get = async (url: string) => (await api().get(url).set(h.tenant.auth).expect(200)).body;
  const signed = (body: string) => ({
    'x-hub-signature-256': `sha256=${createHmac('sha256', GITHUB_SECRET).update(body).digest('hex')}`,
    'x-github-event': 'push',
  });

  beforeAll(async () => {
    h = await startDeliveryHarness({ policy: { schedule: [50], jitter: 0 } });
    // Each event's first request fails, its retry succeeds.
    const seen = new Set<string>();
    flaky = await startReceiver((request) => {
      const body = request.body.toString();
      if (seen.has(body)) return { status: 200, body: 'ok' };
      seen.add(body);
      return { status: 503, body: 'try again' };
    });
    broken = await startReceiver(() => ({ status: 500, body: 'down' }));
    healthy = await startReceiver();
    verifying = await h.endpoint({ provider: 'github' });
    await api()
      .post(`/v1/endpoints/${verifying.id}/secrets`)
      .set(h.tenant.auth)
      .send({ secret: GITHUB_SECRET, label: 'github' })
      .expect(201);
    deduplicating = await h.endpoint({ dedup: { strategy: 'fields', fields: ['order.id'] } });
    flakyDestination = await h.destination(flaky.url);
    brokenDestination = await h.destination(broken.url);
    healthyDestination = await h.destination(healthy.url);
    await h.subscribe(verifying.id, flakyDestination.id);
    await h.subscribe(deduplicating.id, brokenDestination.id);
  });
  afterAll(async () => {
    await h.close();
    await flaky.close();
    await broken.close();
    await healthy.close();
  });

  it('events: verified, failed with a cause and its detail, a duplicate, and an endpoint with dedup fields', async () => {
    const verified = await h.send(verifying.url, '{"ref":"main"}', signed('{"ref":"main"}'));
    const failed = await h.send(verifying.url, '{"ref":"forged"}', signed('{"ref":"other"}'));
    const first = await h.send(deduplicating.url, '{"order":{"id":7}}');
    const repeat = await h.send(deduplicating.url, '{"order":{"id":7}}');

    expect(expectContract(EventDetail, await get(`/v1/events/${verified}`)).verification).toMatchObject({
      state: 'verified',
      matched_secret_id: expect.any(String),
    });
    expect(expectContract(EventDetail, await get(`/v1/events/${failed}`)).verification).toMatchObject({
      state: 'failed',
      cause: expect.any(String),
      detail: expect.any(Object),
    });
    expect((await get(`/v1/events/${repeat}`)).duplicate_of).toBe(first);
    const listed = await get(`/v1/events?endpoint_id=${deduplicating.id}`);
    expect(listed.data.map((event: { id: string }) => event.id)).toEqual([repeat, first]);
    expect((await get(`/v1/endpoints/${deduplicating.id}`)).dedup).toEqual({ strategy: 'fields', fields: ['order.id'] });
  });

  it('deliveries: a failed attempt then a successful one, with their status, error and response excerpt', async () => {
    const eventId = await h.send(verifying.url, '{"ref":"retried"}', signed('{"ref":"retried"}'));
    const delivery = await eventually(async () => {
      const [row] = (await get(`/v1/deliveries?event_id=${eventId}&destination_id=${flakyDestination.id}`)).data;
      expect(row.state).toBe('succeeded');
      return row as { id: string };
    });
    const detail = expectContract(DeliveryDetail, await get(`/v1/deliveries/${delivery.id}`));
    expect(detail.attempt_log.map((attempt) => attempt.status_code)).toEqual([503, 200]);
    expect(detail.attempt_log[0]).toMatchObject({ response_excerpt: 'try again' });
  });

  it('dead letters and their replay', async () => {
    const eventId = await h.send(deduplicating.url, '{"order":{"id":8}}');
    const dead = await eventually(async () => {
      const rows = (await get(`/v1/deliveries?state=dead_lettered&event_id=${eventId}`)).data;
      expect(rows).toHaveLength(1);
      return rows[0] as { id: string };
    });
    expect((await get(`/v1/deliveries/${dead.id}`)).dead_lettered_at).toEqual(expect.any(String));
    const replay = (
      await api()
        .post('/v1/replays')
        .set(h.tenant.auth)
        .send({ destination_id: healthyDestination.id, delivery_ids: [dead.id] })
        .expect(201)
    ).body;
    await healthy.waitFor(1);
    const replayed = await eventually(async () => {
      const delivery = await get(`/v1/deliveries/${replay.delivery_ids[0]}`);
      expect(delivery.state).toBe('succeeded');
      return delivery;
    });
    expect(replayed.replay_of).toBe(dead.id);
  });

  it('usage on every plan: an allowance spent once, one that resets monthly, and none at all', async () => {
    for (const plan of ['free', 'pro', 'enterprise']) {
      const tenant = await h.context.newTenant(plan);
      const usage = (await api().get('/v1/usage').set(tenant.auth).expect(200)).body;
      expect(usage.plan.id).toBe(plan);
    }
  });

  it('the audit trail of all of the above, and its verification', async () => {
    const audit = await get('/v1/audit?limit=100');
    expect(audit.data.length).toBeGreaterThan(5);
    expect((await api().post('/v1/audit/verify').set(h.tenant.auth).expect(200)).body).toMatchObject({
      intact: true,
      anchor_mismatch: null,
    });
  });

  it('lists of everything the tests made', async () => {
    for (const list of [
      '/v1/endpoints',
      '/v1/destinations',
      '/v1/subscriptions',
      '/v1/api-keys',
      `/v1/endpoints/${verifying.id}/secrets`,
    ]) {
      expect((await get(list)).data.length).toBeGreaterThan(0);
    }
  });
});
