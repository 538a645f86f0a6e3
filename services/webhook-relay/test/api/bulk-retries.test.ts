// /v1/bulk-retries (docs/bulk-retry.md): every answer checked against its contract (checkedApi); bad input is a 4xx
// that names the problem and changes nothing; Idempotency-Key starts one job, not two. No runner runs in this file:
// jobs stay queued until cancelled.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { deadLetterPending } from '../helpers/bulk-retry.js';
import { startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';

const UNKNOWN = '0190f5e2-0000-7000-8000-0000000000ff';

describe('/v1/bulk-retries', () => {
  let h: DeliveryHarness;
  let destination: { id: string };
  let endpoint: { id: string; url: string };

  beforeAll(async () => {
    // No workers: the deliveries stay pending until this file dead-letters them.
    h = await startDeliveryHarness({ workers: false });
    endpoint = await h.endpoint();
    destination = await h.destination('http://127.0.0.1:9/unused');
    await h.subscribe(endpoint.id, destination.id);
    for (let n = 1; n <= 4; n += 1) await h.send(endpoint.url, JSON.stringify({ n }));
    expect(await deadLetterPending(h, destination.id)).toBe(4);
  });
  afterAll(async () => {
    await h.close();
  });

  const api = () => checkedApi(h.context);
  const post = (path: string, body?: unknown) =>
    api()
      .post(path)
      .set(h.tenant.auth)
      .send(body as object);
  const jobs = async () => (await api().get('/v1/bulk-retries').set(h.tenant.auth).expect(200)).body.data as Array<{ id: string }>;

  it('previews the dead letters a selection holds', async () => {
    const preview = (await post('/v1/bulk-retries/preview', { destination_id: destination.id }).expect(200)).body;
    expect(preview).toMatchObject({ deliveries: 4, events: 4 });
    const byEndpoint = (
      await post('/v1/bulk-retries/preview', {
        destination_id: destination.id,
        filter: { endpoint_id: endpoint.id, last_status: 500 },
      }).expect(200)
    ).body;
    expect(byEndpoint.deliveries).toBe(4);
  });

  it.each([
    [{}, /destination_id/],
    [{ destination_id: 'nope' }, /destination_id must be a UUID/],
    [{ destination_id: UNKNOWN, from: '2026-11-24T10:00:00Z', to: '2026-11-23T10:00:00Z' }, /from must be earlier than to/],
    [{ destination_id: UNKNOWN, from: 'yesterday' }, /from must be an ISO 8601/],
    [{ destination_id: UNKNOWN, filter: { last_status: '6xx' } }, /last_status must be an HTTP status/],
    [{ destination_id: UNKNOWN, filter: { last_status: 99 } }, /last_status must be an HTTP status/],
    [{ destination_id: UNKNOWN, filter: { endpoint_id: 'x' } }, /filter.endpoint_id must be a UUID/],
    [{ destination_id: UNKNOWN, filter: { colour: 'red' } }, /colour/],
    [{ destination_id: UNKNOWN, extra: true }, /extra/],
  ])('answers 400 naming the problem for %j, and starts nothing', async (body, message) => {
    for (const path of ['/v1/bulk-retries/preview', '/v1/bulk-retries']) {
      const refused = (await post(path, body).expect(400)).body;
      expect(refused.error.code).toBe('invalid_request');
      expect(refused.error.message).toMatch(message);
    }
    expect(await jobs()).toEqual([]);
  });

  it('answers 404 for a destination or endpoint that does not exist (or is another tenant’s), and starts nothing', async () => {
    expect((await post('/v1/bulk-retries', { destination_id: UNKNOWN }).expect(404)).body.error.message).toMatch(/destination/);
    expect(
      (await post('/v1/bulk-retries/preview', { destination_id: destination.id, filter: { endpoint_id: UNKNOWN } }).expect(404)).body.error
        .message,
    ).toMatch(/endpoint/);
    const other = await h.context.newTenant();
    await api().post('/v1/bulk-retries/preview').set(other.auth).send({ destination_id: destination.id }).expect(404);
    await api().get(`/v1/bulk-retries/${UNKNOWN}`).set(h.tenant.auth).expect(404);
    await post(`/v1/bulk-retries/${UNKNOWN}/cancel`).expect(404);
    await api().get('/v1/bulk-retries/not-a-uuid').set(h.tenant.auth).expect(400);
    expect(await jobs()).toEqual([]);
  });

  it('starts one queued job per Idempotency-Key, lists it, and shows it to its tenant only', async () => {
    const body = { destination_id: destination.id, from: '2026-01-01T00:00:00Z', filter: { last_status: '5xx' } };
    const first = await api().post('/v1/bulk-retries').set(h.tenant.auth).set('Idempotency-Key', 'bulk-1').send(body).expect(202);
    const retry = await api().post('/v1/bulk-retries').set(h.tenant.auth).set('Idempotency-Key', 'bulk-1').send(body).expect(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(first.body).toMatchObject({ state: 'queued', selection: body, total: null, retried: 0, started_at: null, error: null });
    expect((await jobs()).map((job) => job.id)).toEqual([first.body.id]);
    const shown = (await api().get(`/v1/bulk-retries/${first.body.id}`).set(h.tenant.auth).expect(200)).body;
    expect(shown).toEqual(first.body);
    const other = await h.context.newTenant();
    await api().get(`/v1/bulk-retries/${first.body.id}`).set(other.auth).expect(404);
    expect((await api().get('/v1/bulk-retries').set(other.auth).expect(200)).body.data).toEqual([]);
  });

  it('pages the list newest first with a cursor', async () => {
    await post('/v1/bulk-retries', { destination_id: destination.id }).expect(202);
    await post('/v1/bulk-retries', { destination_id: destination.id }).expect(202);
    const all = await jobs();
    expect(all).toHaveLength(3);
    const first = (await api().get('/v1/bulk-retries?limit=2').set(h.tenant.auth).expect(200)).body;
    expect(first.data.map((job: { id: string }) => job.id)).toEqual(all.slice(0, 2).map((job) => job.id));
    const second = (await api().get(`/v1/bulk-retries?limit=2&cursor=${first.next_cursor}`).set(h.tenant.auth).expect(200)).body;
    expect(second).toEqual({ data: [all[2]], next_cursor: null });
    await api().get('/v1/bulk-retries?limit=0').set(h.tenant.auth).expect(400);
  });

  it("lists one destination's bulk retries only, when asked", async () => {
    const other = (
      await api().post('/v1/destinations').set(h.tenant.auth).send({ name: 'other', url: 'https://hooks.example.com/other' }).expect(201)
    ).body;
    const theirs = (await post('/v1/bulk-retries', { destination_id: other.id }).expect(202)).body;
    const listed = (await api().get(`/v1/bulk-retries?destination_id=${other.id}`).set(h.tenant.auth).expect(200)).body;
    expect(listed).toEqual({ data: [theirs], next_cursor: null });
    expect(
      (await api().get(`/v1/bulk-retries?destination_id=${destination.id}`).set(h.tenant.auth).expect(200)).body.data,
    ).not.toContainEqual(theirs);
    await api().get('/v1/bulk-retries?destination_id=nope').set(h.tenant.auth).expect(400);
  });

  it('cancels a queued job, then answers 409; the audit log has both', async () => {
    const [job] = await jobs();
    const cancelled = (await post(`/v1/bulk-retries/${job!.id}/cancel`).expect(200)).body;
    expect(cancelled).toMatchObject({ id: job!.id, state: 'cancelled', retried: 0 });
    expect(cancelled.cancelled_at).not.toBeNull();
    const conflict = (await post(`/v1/bulk-retries/${job!.id}/cancel`).expect(409)).body;
    expect(conflict.error).toEqual({ code: 'conflict', message: `bulk retry ${job!.id} is already cancelled` });
    const audit = (await api().get('/v1/audit?limit=2').set(h.tenant.auth).expect(200)).body.data;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual(['bulk_retry.cancelled', 'bulk_retry.started']);
  });
});
