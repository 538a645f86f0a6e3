import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('Idempotency-Key on POST', () => {
  let context: TestContext;
  let tenant: TestTenant;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
  });
  afterAll(() => context.close());

  const endpointCount = async () =>
    (await checkedApi(context).get('/v1/endpoints?limit=100').set(tenant.auth).expect(200)).body.data.length;

  it('answers a retry with the first answer and creates nothing twice', async () => {
    const first = await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Idempotency-Key', 'create-orders-1')
      .send({ name: 'orders' })
      .expect(201);
    const retry = await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Idempotency-Key', 'create-orders-1')
      .send({ name: 'orders' })
      .expect(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await endpointCount()).toBe(1);
  });

  it('refuses the same key with a different body with 422, changing nothing', async () => {
    const { body } = await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Idempotency-Key', 'create-orders-1')
      .send({ name: 'billing' })
      .expect(422);
    expect(body.error).toEqual({ code: 'idempotency_key_reused', message: expect.stringMatching(/different request/) });
    expect(await endpointCount()).toBe(1);
  });

  it('runs concurrent requests with one key once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        checkedApi(context).post('/v1/api-keys').set(tenant.auth).set('Idempotency-Key', 'key-burst').send({ name: 'burst' }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([201]));
    expect(new Set(answers.map((answer) => answer.body.key)).size).toBe(1);
    const keys = (await checkedApi(context).get('/v1/api-keys?limit=100').set(tenant.auth).expect(200)).body.data;
    expect(keys.filter((key: { name: string }) => key.name === 'burst')).toHaveLength(1);
  });

  it('stores the answer encrypted: a key shown once is not in the database in clear', async () => {
    const created = await checkedApi(context)
      .post('/v1/api-keys')
      .set(tenant.auth)
      .set('Idempotency-Key', 'secret-answer')
      .send({ name: 'ci' })
      .expect(201);
    const { rows } = await context.ownerPool.query('SELECT response_ciphertext FROM idempotency_records WHERE key = $1', ['secret-answer']);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0].response_ciphertext).includes(Buffer.from(created.body.key))).toBe(false);
  });

  it('stores nothing for a refused request, so the key can be used again', async () => {
    await checkedApi(context).post('/v1/endpoints').set(tenant.auth).set('Idempotency-Key', 'first-try-bad').send({ name: '' }).expect(400);
    await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Idempotency-Key', 'first-try-bad')
      .send({ name: 'fixed' })
      .expect(201);
  });

  it('keeps keys per tenant: another tenant may use the same key', async () => {
    const other = await context.newTenant();
    const mine = await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Idempotency-Key', 'shared-name')
      .send({ name: 'x' })
      .expect(201);
    const theirs = await checkedApi(context)
      .post('/v1/endpoints')
      .set(other.auth)
      .set('Idempotency-Key', 'shared-name')
      .send({ name: 'x' })
      .expect(201);
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('refuses a malformed key with 400', async () => {
    const { body } = await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Idempotency-Key', 'has space')
      .send({ name: 'x' })
      .expect(400);
    expect(body.error.message).toMatch(/Idempotency-Key/);
  });

  it('forgets a key after its time to live', async () => {
    const first = await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Idempotency-Key', 'expiring')
      .send({ name: 'y' })
      .expect(201);
    context.runtime.advance(3601 * 1000);
    const later = await checkedApi(context)
      .post('/v1/endpoints')
      .set(tenant.auth)
      .set('Idempotency-Key', 'expiring')
      .send({ name: 'y' })
      .expect(201);
    expect(later.body.id).not.toBe(first.body.id);
  });
});
