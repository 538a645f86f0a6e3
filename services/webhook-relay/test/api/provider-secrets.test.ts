import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { checkedApi } from '../helpers/contract.js';
import { createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

const SECRET_ONE = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SECRET_TWO = 'whsec_second_secret_value_0123456789';

describe('provider secrets', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let endpointId: string;
  const base = () => `/v1/endpoints/${endpointId}/secrets`;

  beforeAll(async () => {
    ({ context, tenant } = await createContextWithTenant());
    endpointId = (await checkedApi(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'standard' }).expect(201)).body.id;
  });
  afterAll(() => context.close());

  it('stores a secret sealed and answers with a hint only, never the secret', async () => {
    const response = await checkedApi(context).post(base()).set(tenant.auth).send({ secret: SECRET_ONE, label: 'first' }).expect(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      label: 'first',
      secret_hint: '…LaSw',
      created_at: expect.any(String),
      expires_at: null,
      active: true,
    });
    expect(response.text).not.toContain(SECRET_ONE);
    const { rows } = await context.ownerPool.query('SELECT secret_ciphertext FROM provider_secrets WHERE id = $1', [response.body.id]);
    expect(Buffer.from(rows[0].secret_ciphertext).includes(Buffer.from('MfKQ9r8GKYqrTwjU'))).toBe(false);
    const listed = await checkedApi(context).get(base()).set(tenant.auth).expect(200);
    expect(listed.text).not.toContain(SECRET_ONE);
  });

  it('rotates: the new secret is active at once and the previous ones stay active until the grace period ends', async () => {
    const rotated = (
      await checkedApi(context)
        .post(`${base()}/rotate`)
        .set(tenant.auth)
        .send({ secret: SECRET_TWO, previous_expire_in_seconds: 600 })
        .expect(201)
    ).body;
    expect(rotated.secret).toMatchObject({ active: true, expires_at: null });
    expect(rotated.previous).toEqual([expect.objectContaining({ label: 'first', active: true, expires_at: '2026-11-23T10:10:00.000Z' })]);
    expect(
      (await checkedApi(context).get(base()).set(tenant.auth).expect(200)).body.data.filter((s: { active: boolean }) => s.active),
    ).toHaveLength(2);

    context.runtime.advance(601 * 1000);
    const after = (await checkedApi(context).get(base()).set(tenant.auth).expect(200)).body.data;
    expect(after.map((s: { label: string | null; active: boolean }) => [s.label, s.active])).toEqual([
      [null, true],
      ['first', false],
    ]);
  });

  it('removes a secret at once', async () => {
    const added = (await checkedApi(context).post(base()).set(tenant.auth).send({ secret: 'short-lived-secret-value' }).expect(201)).body;
    await checkedApi(context).delete(`${base()}/${added.id}`).set(tenant.auth).expect(204);
    const ids = (await checkedApi(context).get(base()).set(tenant.auth).expect(200)).body.data.map((s: { id: string }) => s.id);
    expect(ids).not.toContain(added.id);
    await checkedApi(context).delete(`${base()}/${added.id}`).set(tenant.auth).expect(404);
  });

  it('gives short secrets no hint at all', async () => {
    const added = (await checkedApi(context).post(base()).set(tenant.auth).send({ secret: 'tiny' }).expect(201)).body;
    expect(added.secret_hint).toBe('…');
  });

  it('refuses an expiry in the past, control characters and unknown endpoints', async () => {
    await checkedApi(context).post(base()).set(tenant.auth).send({ secret: SECRET_TWO, expires_at: '2020-01-01T00:00:00Z' }).expect(400);
    expect((await checkedApi(context).post(base()).set(tenant.auth).send({ secret: 'a\u0000b' }).expect(400)).body.error.message).toMatch(
      /secret/,
    );
    await checkedApi(context)
      .post('/v1/endpoints/0190f5e2-0000-7000-8000-000000000000/secrets')
      .set(tenant.auth)
      .send({ secret: SECRET_TWO })
      .expect(404);
  });
});
