import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

// Event types through the real ingest path (docs/event-types.md): recognized where each provider puts them,
// stored on the event, listed and filtered, counted per endpoint, and checked against a tenant's own schema.
describe('event types', () => {
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

  const endpointFor = async (provider?: string) =>
    (
      await api(context)
        .post('/v1/endpoints')
        .set(tenant.auth)
        .send({ name: `types ${provider ?? 'generic'}`, ...(provider ? { provider } : {}) })
        .expect(201)
    ).body as { id: string; ingest_url: string };
  const send = async (ingestUrl: string, body: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${ingest.url}${ingest.pathOf(ingestUrl)}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { event_id: string }).event_id;
  };
  const typeOf = async (eventId: string) =>
    (await api(context).get(`/v1/events/${eventId}`).set(tenant.auth).expect(200)).body.event_type as string | null;
  const listed = async (query: string) =>
    (await api(context).get(`/v1/events?${query}`).set(tenant.auth).expect(200)).body as {
      data: Array<{ id: string; event_type: string | null }>;
      next_cursor: string | null;
    };

  it("takes Stripe's type from the body's type member, not from a type header", async () => {
    const endpoint = await endpointFor('stripe');
    const id = await send(endpoint.ingest_url, '{"id":"evt_1","object":"event","type":"invoice.paid"}', { 'x-event-type': 'other' });
    expect(await typeOf(id)).toBe('invoice.paid');
  });

  it("takes GitHub's type from X-GitHub-Event, whatever the body holds", async () => {
    const endpoint = await endpointFor('github');
    const id = await send(endpoint.ingest_url, '{"action":"opened","type":"not-this"}', { 'X-GitHub-Event': 'issues' });
    expect(await typeOf(id)).toBe('issues');
  });

  it("takes Shopify's type from X-Shopify-Topic", async () => {
    const endpoint = await endpointFor('shopify');
    const id = await send(endpoint.ingest_url, '{"id":820982911946154508}', { 'X-Shopify-Topic': 'orders/create' });
    expect(await typeOf(id)).toBe('orders/create');
  });

  it("takes a Standard Webhooks sender's type from the body's type member", async () => {
    const endpoint = await endpointFor('standard-webhooks');
    const id = await send(endpoint.ingest_url, '{"type":"user.created","timestamp":"2026-11-28T10:00:00Z","data":{}}', {
      'webhook-id': 'msg_1',
    });
    expect(await typeOf(id)).toBe('user.created');
  });

  it('falls back to the common headers and body members without a provider, and stores none when there is none', async () => {
    const endpoint = await endpointFor();
    expect(await typeOf(await send(endpoint.ingest_url, '{"event":"ping"}'))).toBe('ping');
    expect(await typeOf(await send(endpoint.ingest_url, '{}', { 'x-webhook-event': 'build.done' }))).toBe('build.done');
    const gitlab = await send(endpoint.ingest_url, '{"object_kind":"push"}', { 'X-Gitlab-Event': 'Push Hook' });
    expect((await listed(`endpoint_id=${endpoint.id}&event_type=Push%20Hook`)).data.map((event) => event.id)).toEqual([gitlab]);
    expect(await typeOf(await send(endpoint.ingest_url, '[1,2]'))).toBeNull();
    expect(await typeOf(await send(endpoint.ingest_url, 'not json'))).toBeNull();
  });

  it('lists only the events of a type when asked, and shows each type in the list', async () => {
    const endpoint = await endpointFor('stripe');
    const paid = await send(endpoint.ingest_url, '{"type":"invoice.paid"}');
    const failed = await send(endpoint.ingest_url, '{"type":"invoice.payment_failed"}');
    const page = await listed(`endpoint_id=${endpoint.id}&event_type=invoice.paid`);
    expect(page.data.map((event) => event.id)).toEqual([paid]);
    expect(page.data[0]!.event_type).toBe('invoice.paid');
    const all = await listed(`endpoint_id=${endpoint.id}`);
    expect(all.data.map((event) => [event.id, event.event_type])).toEqual([
      [failed, 'invoice.payment_failed'],
      [paid, 'invoice.paid'],
    ]);
  });

  it("counts an endpoint's event types with when each was first and last seen", async () => {
    const endpoint = await endpointFor('github');
    const first = await send(endpoint.ingest_url, '{}', { 'x-github-event': 'push' });
    await send(endpoint.ingest_url, '{}', { 'x-github-event': 'issues' });
    const last = await send(endpoint.ingest_url, '{}', { 'x-github-event': 'push' });
    await send(endpoint.ingest_url, '{}');
    const received = async (id: string) => (await api(context).get(`/v1/events/${id}`).set(tenant.auth).expect(200)).body.received_at;
    const catalog = (await api(context).get(`/v1/endpoints/${endpoint.id}/event-types`).set(tenant.auth).expect(200)).body;
    expect(catalog.data).toEqual([
      { event_type: 'push', count: 2, first_seen_at: await received(first), last_seen_at: await received(last), schema_id: null },
      { event_type: 'issues', count: 1, first_seen_at: expect.any(String), last_seen_at: expect.any(String), schema_id: null },
    ]);
  });

  it('answers 404 for the catalog of an endpoint that does not exist', async () => {
    await api(context).get('/v1/endpoints/00000000-0000-7000-8000-000000000000/event-types').set(tenant.auth).expect(404);
  });

  it("marks an event that does not validate against the tenant's schema of its type, with the reason, and lists it", async () => {
    const endpoint = await endpointFor('stripe');
    const created = (
      await api(context)
        .post('/v1/event-types')
        .set(tenant.auth)
        .send({
          name: 'charge.succeeded',
          description: 'a charge went through',
          schema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            required: ['type', 'data'],
            properties: { data: { type: 'object', required: ['amount'], properties: { amount: { type: 'integer' } } } },
          },
        })
        .expect(201)
    ).body;
    const good = await send(endpoint.ingest_url, '{"type":"charge.succeeded","data":{"amount":1200}}');
    const bad = await send(endpoint.ingest_url, '{"type":"charge.succeeded","data":{"amount":"12.00"}}');

    const detail = (await api(context).get(`/v1/events/${bad}`).set(tenant.auth).expect(200)).body;
    expect(detail.schema_check).toEqual({ event_type_id: created.id, valid: false, error: '/data/amount must be integer' });
    const fine = (await api(context).get(`/v1/events/${good}`).set(tenant.auth).expect(200)).body;
    expect(fine.schema_check).toEqual({ event_type_id: created.id, valid: true, error: null });

    const invalid = await listed('event_type=charge.succeeded&schema_valid=false');
    expect(invalid.data.map((event) => event.id)).toEqual([bad]);
    const valid = await listed('event_type=charge.succeeded&schema_valid=true');
    expect(valid.data.map((event) => event.id)).toEqual([good]);
    const catalog = (await api(context).get(`/v1/endpoints/${endpoint.id}/event-types`).set(tenant.auth).expect(200)).body;
    expect(catalog.data).toEqual([expect.objectContaining({ event_type: 'charge.succeeded', count: 2, schema_id: created.id })]);

    // A changed schema applies at once; a deleted type is no longer checked.
    await api(context)
      .patch(`/v1/event-types/${created.id}`)
      .set(tenant.auth)
      .send({ schema: { type: 'object' } })
      .expect(200);
    expect((await listed('event_type=charge.succeeded&schema_valid=false')).data).toEqual([]);
    await api(context).delete(`/v1/event-types/${created.id}`).set(tenant.auth).expect(204);
    expect((await api(context).get(`/v1/events/${bad}`).set(tenant.auth).expect(200)).body.schema_check).toBeNull();
  });

  it('pages through events that do not validate, a page at a time', async () => {
    const endpoint = await endpointFor('standard-webhooks');
    await api(context)
      .post('/v1/event-types')
      .set(tenant.auth)
      .send({ name: 'paged.type', schema: { type: 'object', required: ['data'] } })
      .expect(201);
    const bad = [];
    for (let i = 0; i < 3; i += 1) {
      bad.push(await send(endpoint.ingest_url, '{"type":"paged.type"}'));
      await send(endpoint.ingest_url, '{"type":"paged.type","data":{}}');
    }
    const first = await listed('event_type=paged.type&schema_valid=false&limit=2');
    expect(first.data.map((event) => event.id)).toEqual([bad[2], bad[1]]);
    const second = await listed(`event_type=paged.type&schema_valid=false&limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((event) => event.id)).toEqual([bad[0]]);
    expect(second.next_cursor).toBeNull();
  });

  it("checks a tenant's patterns in linear time, so a catastrophic one holds no one up, and refuses what RE2 cannot run", async () => {
    const endpoint = await endpointFor('standard-webhooks');
    // ^(a+)+$ against many a's and a final !: JavaScript's backtracking RegExp would run for longer than the universe.
    await api(context)
      .post('/v1/event-types')
      .set(tenant.auth)
      .send({
        name: 'redos.type',
        schema: {
          type: 'object',
          properties: { word: { type: 'string', pattern: '^(a+)+$' } },
          patternProperties: { '^n_': { type: 'integer' } },
        },
      })
      .expect(201);
    const catastrophic = await send(endpoint.ingest_url, JSON.stringify({ type: 'redos.type', word: `${'a'.repeat(20_000)}!` }));
    const fine = await send(endpoint.ingest_url, JSON.stringify({ type: 'redos.type', word: 'aaaa', n_count: 3 }));
    const wrongProperty = await send(endpoint.ingest_url, JSON.stringify({ type: 'redos.type', word: 'aaaa', n_count: 'three' }));

    const neighbour = await context.newTenant();
    const [invalid, neighbourList] = await Promise.all([
      listed('event_type=redos.type&schema_valid=false'),
      api(context).get('/v1/endpoints').set(neighbour.auth).expect(200),
    ]);
    expect(invalid.data.map((event) => event.id)).toEqual([wrongProperty, catastrophic]);
    expect(neighbourList.body.data).toEqual([]);
    expect((await listed('event_type=redos.type&schema_valid=true')).data.map((event) => event.id)).toEqual([fine]);
    const detail = (await api(context).get(`/v1/events/${catastrophic}`).set(tenant.auth).expect(200)).body;
    expect(detail.schema_check).toMatchObject({ valid: false, error: '/word must match pattern "^(a+)+$"' });

    const backreference = await api(context)
      .post('/v1/event-types')
      .set(tenant.auth)
      .send({ name: 'backreference.type', schema: { type: 'string', pattern: '^(a)\\1$' } })
      .expect(400);
    expect(backreference.body.error.message).toMatch(/^schema is not a valid JSON Schema: .*\\1/);
  });

  it('keeps event types per tenant name: lists, gets and refuses a second of the same name with 409', async () => {
    const created = (
      await api(context)
        .post('/v1/event-types')
        .set(tenant.auth)
        .send({ name: 'order.created', schema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } })
        .expect(201)
    ).body;
    const got = (await api(context).get(`/v1/event-types/${created.id}`).set(tenant.auth).expect(200)).body;
    expect(got).toEqual(created);
    const list = (await api(context).get('/v1/event-types').set(tenant.auth).expect(200)).body;
    expect(list.data.map((item: { id: string }) => item.id)).toContain(created.id);
    const again = await api(context).post('/v1/event-types').set(tenant.auth).send({ name: 'order.created', schema: {} }).expect(409);
    expect(again.body.error.message).toContain(created.id);
  });

  it('refuses a schema that is not a JSON Schema with 400 and the validator message, and bad filters with 400', async () => {
    const bad = await api(context)
      .post('/v1/event-types')
      .set(tenant.auth)
      .send({ name: 'broken.type', schema: { type: 'nope' } })
      .expect(400);
    expect(bad.body.error.message).toMatch(
      /^schema is not a valid JSON Schema: schema is invalid: data\/type must be equal to one of the allowed values/,
    );
    await api(context).post('/v1/event-types').set(tenant.auth).send({ name: 'tab\there', schema: {} }).expect(400);
    await api(context).post('/v1/event-types').set(tenant.auth).send({ name: 'no.schema' }).expect(400);
    expect(
      (await api(context).get('/v1/event-types').set(tenant.auth).expect(200)).body.data.map((t: { name: string }) => t.name),
    ).not.toContain('broken.type');
    await api(context).get('/v1/events?schema_valid=false').set(tenant.auth).expect(400);
    await api(context).get('/v1/events?event_type=unknown.type&schema_valid=maybe').set(tenant.auth).expect(400);
    const unknown = await api(context).get('/v1/events?event_type=unknown.type&schema_valid=false').set(tenant.auth).expect(400);
    expect(unknown.body.error.message).toContain('none is named unknown.type');
  });
});
