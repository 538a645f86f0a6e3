import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('API keys', () => {
  let context: TestContext;
  let tenant: TestTenant;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
  });
  afterAll(() => context.close());

  it('answers 401 with a JSON error and a Bearer challenge when no key is sent', async () => {
    const response = await checkedApi(context).get('/v1/endpoints').expect(401);
    expect(response.body).toEqual({ error: { code: 'unauthorized', message: expect.stringMatching(/Authorization: Bearer whk_/) } });
    expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
  });

  it('answers 401 for an unknown key and for a key without the whk_ prefix', async () => {
    await checkedApi(context)
      .get('/v1/endpoints')
      .set('Authorization', `Bearer whk_${'x'.repeat(43)}`)
      .expect(401);
    await checkedApi(context).get('/v1/endpoints').set('Authorization', 'Bearer sk_live_123').expect(401);
    await checkedApi(context)
      .get('/v1/endpoints')
      .set('Authorization', `Basic ${Buffer.from('a:b').toString('base64')}`)
      .expect(401);
  });

  it('shows a new key once, with its whk_ prefix, and lists it masked afterwards', async () => {
    const created = (await checkedApi(context).post('/v1/api-keys').set(tenant.auth).send({ name: 'deploy bot' }).expect(201)).body;
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'deploy bot',
      key: expect.stringMatching(/^whk_[A-Za-z0-9_-]{43}$/),
      key_hint: `whk_…${created.key.slice(-4)}`,
      created_at: expect.any(String),
      last_used_at: null,
      revoked_at: null,
    });
    const listed = (await checkedApi(context).get('/v1/api-keys').set(tenant.auth).expect(200)).body;
    expect(listed.next_cursor).toBeNull();
    const entry = listed.data.find((key: { id: string }) => key.id === created.id);
    expect(entry).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(created.key);
    await checkedApi(context).get('/v1/endpoints').set('Authorization', `Bearer ${created.key}`).expect(200);
  });

  it('stores only a hash of the key', async () => {
    const created = (await checkedApi(context).post('/v1/api-keys').set(tenant.auth).send({ name: 'hashed' }).expect(201)).body;
    const { rows } = await context.ownerPool.query('SELECT key_hash FROM api_keys WHERE id = $1', [created.id]);
    expect(Buffer.from(rows[0].key_hash).includes(Buffer.from(created.key))).toBe(false);
    expect(Buffer.from(rows[0].key_hash)).toHaveLength(32);
  });

  it('revokes a key permanently: it answers 401 from then on', async () => {
    const created = (await checkedApi(context).post('/v1/api-keys').set(tenant.auth).send({ name: 'temporary' }).expect(201)).body;
    await checkedApi(context).delete(`/v1/api-keys/${created.id}`).set(tenant.auth).expect(204);
    await checkedApi(context).get('/v1/endpoints').set('Authorization', `Bearer ${created.key}`).expect(401);
    const listed = (await checkedApi(context).get('/v1/api-keys').set(tenant.auth).expect(200)).body.data;
    expect(listed.find((key: { id: string }) => key.id === created.id).revoked_at).toEqual(expect.any(String));
  });

  it("answers 404 for another tenant's key and 400 for an id that is not a UUID", async () => {
    const other = await context.newTenant();
    const theirs = (await checkedApi(context).post('/v1/api-keys').set(other.auth).send({ name: 'theirs' }).expect(201)).body;
    await checkedApi(context).delete(`/v1/api-keys/${theirs.id}`).set(tenant.auth).expect(404);
    await checkedApi(context).get('/v1/endpoints').set('Authorization', `Bearer ${theirs.key}`).expect(200);
    const { body } = await checkedApi(context).delete('/v1/api-keys/not-a-uuid').set(tenant.auth).expect(400);
    expect(body.error.message).toBe('key_id must be a UUID');
  });

  it('refuses a blank name and unknown fields with 400 naming them', async () => {
    expect((await checkedApi(context).post('/v1/api-keys').set(tenant.auth).send({ name: '  ' }).expect(400)).body.error.message).toMatch(
      /name/,
    );
    expect(
      (await checkedApi(context).post('/v1/api-keys').set(tenant.auth).send({ name: 'ok', admin: true }).expect(400)).body.error.message,
    ).toMatch(/unknown field "admin"/);
  });
});
