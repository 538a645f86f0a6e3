import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('destinations and subscriptions API', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let endpointId: string;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    endpointId = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'src' }).expect(201)).body.id;
  });
  afterAll(async () => {
    await context.close();
  });
  const post = (path: string, body: unknown) =>
    checkedApi(context)
      .post(path)
      .set(tenant.auth)
      .send(body as object);

  it('creates a destination, shows its secret once, and audits it without the secret or header values', async () => {
    const created = (
      await post('/v1/destinations', {
        name: 'billing',
        url: 'https://hooks.example.com/in',
        headers: { Authorization: 'Bearer s3cr3t-value' },
      }).expect(201)
    ).body;
    expect(created).toMatchObject({
      name: 'billing',
      url: 'https://hooks.example.com/in',
      header_names: ['Authorization'],
      timeout_ms: 15000,
      enabled: true,
      disabled_reason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const read = (await checkedApi(context).get(`/v1/destinations/${created.id}`).set(tenant.auth).expect(200)).body;
    expect(read.secret).toBeUndefined();
    expect(JSON.stringify(read)).not.toContain('s3cr3t-value');
    const audit = (await checkedApi(context).get('/v1/audit?limit=1').set(tenant.auth).expect(200)).body.data[0];
    expect(audit).toMatchObject({ action: 'destination.created', target: { type: 'destination', id: created.id } });
    expect(JSON.stringify(audit)).not.toContain(created.secret.slice(6));
    expect(JSON.stringify(audit)).not.toContain('s3cr3t-value');
  });

  it.each([
    [{ name: 'x', url: 'ftp://example.com' }, /url must be an absolute http/],
    [{ name: 'x', url: 'https://user:pw@example.com/' }, /credentials/],
    [{ name: 'x' }, /url is required/],
    [{ name: 'x', url: 'https://example.com', timeout_ms: 5 }, /timeout_ms must be at least 100/],
    [{ name: 'x', url: 'https://example.com', headers: { 'webhook-signature': 'v1,x' } }, /headers must not set webhook-/],
    [{ name: 'x', url: 'https://example.com', secret: 'plain' }, /secret must be whsec_/],
    [{ name: 'x', url: 'https://example.com', surprise: 1 }, /surprise/],
  ])('refuses %j with a 400 naming the field, storing nothing', async (body, message) => {
    const before = (await checkedApi(context).get('/v1/destinations?limit=100').set(tenant.auth).expect(200)).body.data.length;
    const response = await post('/v1/destinations', body).expect(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(response.body.error.message).toMatch(message);
    expect((await checkedApi(context).get('/v1/destinations?limit=100').set(tenant.auth).expect(200)).body.data).toHaveLength(before);
  });

  it('subscribes an endpoint once per destination (409 for a second), filters validated', async () => {
    const destination = (await post('/v1/destinations', { name: 'd', url: 'https://example.com/d' }).expect(201)).body;
    const subscription = (
      await post('/v1/subscriptions', {
        endpoint_id: endpointId,
        destination_id: destination.id,
        states: ['verified', 'authenticated'],
      }).expect(201)
    ).body;
    expect(subscription).toMatchObject({
      endpoint_id: endpointId,
      destination_id: destination.id,
      states: ['verified', 'authenticated'],
      event_types: [],
    });
    expect((await post('/v1/subscriptions', { endpoint_id: endpointId, destination_id: destination.id }).expect(409)).body.error.code).toBe(
      'conflict',
    );
    expect(
      (await post('/v1/subscriptions', { endpoint_id: endpointId, destination_id: destination.id, states: ['bogus'] }).expect(400)).body
        .error.message,
    ).toMatch(/states/);
    expect(
      (await post('/v1/subscriptions', { endpoint_id: endpointId, destination_id: '00000000-0000-7000-8000-000000000000' }).expect(404))
        .body.error.code,
    ).toBe('not_found');
    const listed = (await checkedApi(context).get(`/v1/subscriptions?destination_id=${destination.id}`).set(tenant.auth).expect(200)).body
      .data;
    expect(listed.map((item: { id: string }) => item.id)).toEqual([subscription.id]);
    await checkedApi(context).delete(`/v1/subscriptions/${subscription.id}`).set(tenant.auth).expect(204);
    expect((await checkedApi(context).get('/v1/audit?limit=1').set(tenant.auth).expect(200)).body.data[0].action).toBe(
      'subscription.deleted',
    );
  });

  it('updates and deletes a destination; another tenant cannot see it', async () => {
    const destination = (await post('/v1/destinations', { name: 'old', url: 'https://example.com/a' }).expect(201)).body;
    const updated = (
      await checkedApi(context)
        .patch(`/v1/destinations/${destination.id}`)
        .set(tenant.auth)
        .send({ name: 'new', enabled: false })
        .expect(200)
    ).body;
    expect(updated).toMatchObject({ name: 'new', enabled: false, disabled_reason: 'disabled through the API' });
    expect(
      (await checkedApi(context).patch(`/v1/destinations/${destination.id}`).set(tenant.auth).send({}).expect(400)).body.error.message,
    ).toMatch(/at least one/);
    const other = await context.newTenant();
    await checkedApi(context).get(`/v1/destinations/${destination.id}`).set(other.auth).expect(404);
    await checkedApi(context).delete(`/v1/destinations/${destination.id}`).set(other.auth).expect(404);
    await checkedApi(context).delete(`/v1/destinations/${destination.id}`).set(tenant.auth).expect(204);
    await checkedApi(context).get(`/v1/destinations/${destination.id}`).set(tenant.auth).expect(404);
  });

  it('rotates a signing secret with defaults when the request has no body, and refuses a text/plain body with 415 rotating nothing', async () => {
    const destination = (await post('/v1/destinations', { name: 'rotating', url: 'https://example.com/r' }).expect(201)).body;
    const rotate = () => checkedApi(context).post(`/v1/destinations/${destination.id}/secrets/rotate`).set(tenant.auth);
    const refused = await rotate().set('Content-Type', 'text/plain').send('{"previous_expire_in_seconds": 0}').expect(415);
    expect(refused.body.error).toEqual({
      code: 'unsupported_media_type',
      message: 'request body must be JSON (Content-Type: application/json), not text/plain',
    });
    expect((await checkedApi(context).get(`/v1/destinations/${destination.id}`).set(tenant.auth).expect(200)).body.secrets).toHaveLength(1);
    const rotated = (await rotate().expect(201)).body;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.previous).toEqual([expect.objectContaining({ id: destination.secrets[0].id, expires_at: '2026-11-24T10:00:00.000Z' })]);
  });

  it('refuses replays with no or two selectors, and names a missing destination', async () => {
    const destination = (await post('/v1/destinations', { name: 'r', url: 'https://example.com/r' }).expect(201)).body;
    expect((await post('/v1/replays', { destination_id: destination.id }).expect(400)).body.error.message).toMatch(
      /exactly one of event_ids, delivery_ids, or from and to/,
    );
    expect(
      (
        await post('/v1/replays', {
          destination_id: destination.id,
          event_ids: ['00000000-0000-7000-8000-000000000000'],
          from: '2026-01-01T00:00:00Z',
          to: '2026-01-02T00:00:00Z',
        }).expect(400)
      ).body.error.message,
    ).toMatch(/exactly one/);
    expect(
      (await post('/v1/replays', { destination_id: destination.id, from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }).expect(400))
        .body.error.message,
    ).toMatch(/from must be earlier than to/);
    expect((await post('/v1/replays', { destination_id: destination.id, event_ids: ['nope'] }).expect(400)).body.error.message).toMatch(
      /event_ids/,
    );
    expect((await checkedApi(context).get('/v1/deliveries?state=lost').set(tenant.auth).expect(400)).body.error.message).toMatch(/state/);
  });
});
