import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';

describe('deduplication per endpoint', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let ingest: IngestHarness;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    ingest = await startIngest(context);
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  const endpointWith = async (body: Record<string, unknown>) =>
    (
      await api(context)
        .post('/v1/endpoints')
        .set(tenant.auth)
        .send({ name: 'dedup', ...body })
        .expect(201)
    ).body as { id: string; ingest_url: string; dedup: unknown };
  const send = async (ingestUrl: string, body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${ingest.url}${ingest.pathOf(ingestUrl)}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { event_id: string; duplicate_of: string | null };
  };

  it('is off by default: identical requests are all new events', async () => {
    const endpoint = await endpointWith({});
    expect(endpoint.dedup).toBeNull();
    const first = await send(endpoint.ingest_url, '{"id": "evt_1"}', { 'webhook-id': 'msg_1' });
    const second = await send(endpoint.ingest_url, '{"id": "evt_1"}', { 'webhook-id': 'msg_1' });
    expect(second.duplicate_of).toBeNull();
    expect(second.event_id).not.toBe(first.event_id);
  });

  it('collapses repeats of a Standard Webhooks webhook-id, still capturing the repeat as a duplicate', async () => {
    const endpoint = await endpointWith({ dedup: { strategy: 'sw_webhook_id' } });
    expect(endpoint.dedup).toEqual({ strategy: 'sw_webhook_id' });
    const first = await send(endpoint.ingest_url, '{"a": 1}', { 'webhook-id': 'msg_abc' });
    const repeat = await send(endpoint.ingest_url, '{"a": 1, "retry": true}', { 'webhook-id': 'msg_abc' });
    const other = await send(endpoint.ingest_url, '{"a": 1}', { 'webhook-id': 'msg_def' });
    expect(repeat.duplicate_of).toBe(first.event_id);
    expect(other.duplicate_of).toBeNull();
    const shown = (await api(context).get(`/v1/events/${repeat.event_id}`).set(tenant.auth).expect(200)).body;
    expect(shown.duplicate_of).toBe(first.event_id);
  });

  it("collapses repeats by the provider's own event id (Stripe: the body's id)", async () => {
    const endpoint = await endpointWith({ provider: 'stripe', dedup: { strategy: 'provider_event_id' } });
    const first = await send(endpoint.ingest_url, '{"id": "evt_123", "type": "a"}');
    const repeat = await send(endpoint.ingest_url, '{"id": "evt_123", "type": "a", "attempt": 2}');
    expect(repeat.duplicate_of).toBe(first.event_id);
  });

  it('collapses identical bodies within the content window', async () => {
    const endpoint = await endpointWith({ dedup: { strategy: 'content_hash', window_seconds: 600 } });
    const first = await send(endpoint.ingest_url, '{"same": true}');
    const repeat = await send(endpoint.ingest_url, '{"same": true}');
    const different = await send(endpoint.ingest_url, '{"same": false}');
    expect(repeat.duplicate_of).toBe(first.event_id);
    expect(different.duplicate_of).toBeNull();
  });

  it('collapses by chosen JSON fields, and keeps requests that lack them', async () => {
    const endpoint = await endpointWith({ dedup: { strategy: 'fields', fields: ['data.order', 'type'] } });
    const first = await send(endpoint.ingest_url, '{"type": "paid", "data": {"order": 7, "at": 1}}');
    const repeat = await send(endpoint.ingest_url, '{"type": "paid", "data": {"order": 7, "at": 2}}');
    const lacking = await send(endpoint.ingest_url, '{"type": "paid"}');
    const lackingAgain = await send(endpoint.ingest_url, '{"type": "paid"}');
    expect(repeat.duplicate_of).toBe(first.event_id);
    expect(lacking.duplicate_of).toBeNull();
    expect(lackingAgain.duplicate_of).toBeNull();
  });

  it('keeps exactly one original when the same event arrives many times at once (a unique index, not a race)', async () => {
    const endpoint = await endpointWith({ dedup: { strategy: 'sw_webhook_id' } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(endpoint.ingest_url, JSON.stringify({ copy: i }), { 'webhook-id': 'msg_storm' })),
    );
    const originals = answers.filter((answer) => answer.duplicate_of === null);
    expect(originals).toHaveLength(1);
    expect(answers.filter((answer) => answer.duplicate_of === originals[0]!.event_id)).toHaveLength(19);
    const { rows } = await context.ownerPool.query('SELECT count(*)::int AS n FROM events WHERE endpoint_id = $1', [endpoint.id]);
    expect(rows[0].n).toBe(20);
  });

  it('switches deduplication on and off through PATCH, and refuses settings that do not fit together', async () => {
    const endpoint = await endpointWith({});
    expect(
      (
        await api(context)
          .patch(`/v1/endpoints/${endpoint.id}`)
          .set(tenant.auth)
          .send({ dedup: { strategy: 'content_hash' } })
          .expect(200)
      ).body.dedup,
    ).toEqual({ strategy: 'content_hash' });
    expect(
      (await api(context).patch(`/v1/endpoints/${endpoint.id}`).set(tenant.auth).send({ dedup: null }).expect(200)).body.dedup,
    ).toBeNull();
    const bad = await api(context)
      .patch(`/v1/endpoints/${endpoint.id}`)
      .set(tenant.auth)
      .send({ dedup: { strategy: 'fields' } })
      .expect(400);
    expect(bad.body.error.message).toMatch(/dedup.fields is required/);
    await api(context)
      .patch(`/v1/endpoints/${endpoint.id}`)
      .set(tenant.auth)
      .send({ dedup: { strategy: 'by-magic' } })
      .expect(400);
  });
});
