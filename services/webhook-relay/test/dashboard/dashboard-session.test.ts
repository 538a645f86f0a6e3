// The dashboard's session through the real app, Redis session store and PostgreSQL: API-key sign-in sets an
// HttpOnly SameSite=Lax cookie, every change needs the session's CSRF token, a revoked key ends the session,
// sign-in from another origin is refused, and sign-out ends it.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DashboardSession } from '@workspace/contracts';
import { expectContract } from '../helpers/contract.js';
import { api, createContextWithTenant, createTestContext, INGEST_BASE, type TestContext, type TestTenant } from '../helpers/test-app.js';

let context: TestContext;
let tenant: TestTenant;

beforeAll(async () => {
  ({ context, tenant } = await createContextWithTenant());
});
afterAll(() => context.close());

async function signIn(apiKey = tenant.apiKey): Promise<{ cookie: string; csrf: string }> {
  const response = await api(context).post('/auth/session').send({ api_key: apiKey }).expect(200);
  expectContract(DashboardSession, response.body, 'the sign-in answer');
  const cookie = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('relay_dashboard='))!;
  return { cookie: cookie.split(';')[0]!, csrf: response.body.csrf_token };
}

describe('dashboard sign-in with an API key', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and answers the tenant and a CSRF token', async () => {
    const response = await api(context).post('/auth/session').send({ api_key: tenant.apiKey }).expect(200);
    const cookie = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('relay_dashboard='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // plain http here; behind TLS express-session adds it ('auto')
    expect(response.body).toMatchObject({ signed_in: true, tenant_id: tenant.tenantId });
    expect(response.body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers who is signed in to GET /auth/session, and signed_in false without a cookie', async () => {
    const { cookie, csrf } = await signIn();
    const session = await api(context).get('/auth/session').set('Cookie', cookie).expect(200);
    expect(session.body).toMatchObject({ signed_in: true, tenant_id: tenant.tenantId, csrf_token: csrf });
    const none = await api(context).get('/auth/session').expect(200);
    expect(none.body).toMatchObject({ signed_in: false, tenant_id: null, csrf_token: null, sign_in_providers: [] });
    expect(none.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a wrong key with 401 and sets no cookie', async () => {
    const response = await api(context).post('/auth/session').send({ api_key: 'whk_not-a-key' }).expect(401);
    expect(response.body.error.code).toBe('unauthorized');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a body without api_key with 400 naming the field', async () => {
    const response = await api(context).post('/auth/session').send({}).expect(400);
    expect(response.body.error.message).toMatch(/api_key/);
  });

  it('refuses a sign-in posted from another origin', async () => {
    const response = await api(context)
      .post('/auth/session')
      .set('Origin', 'https://evil.example')
      .send({ api_key: tenant.apiKey })
      .expect(403);
    expect(response.body.error.message).toMatch(/evil\.example/);
  });
});

describe('a signed-in dashboard on /v1', () => {
  it('reads with the cookie alone', async () => {
    const { cookie } = await signIn();
    await api(context).get('/v1/endpoints').set('Cookie', cookie).expect(200);
  });

  it('refuses a change without the CSRF token, or with another one, and changes nothing', async () => {
    const { cookie } = await signIn();
    const before = (await api(context).get('/v1/endpoints').set(tenant.auth).expect(200)).body.data.length;
    const missing = await api(context).post('/v1/endpoints').set('Cookie', cookie).send({ name: 'no token' }).expect(403);
    expect(missing.body.error.message).toMatch(/CSRF/);
    await api(context).post('/v1/endpoints').set('Cookie', cookie).set('X-CSRF-Token', 'x'.repeat(43)).send({ name: 'wrong' }).expect(403);
    expect((await api(context).get('/v1/endpoints').set(tenant.auth).expect(200)).body.data.length).toBe(before);
  });

  it('makes a change with the CSRF token, audited as the key the session signed in with', async () => {
    const { cookie, csrf } = await signIn();
    const created = await api(context)
      .post('/v1/endpoints')
      .set('Cookie', cookie)
      .set('X-CSRF-Token', csrf)
      .send({ name: 'from the dashboard' })
      .expect(201);
    const audit = (await api(context).get('/v1/audit?limit=100').set(tenant.auth).expect(200)).body.data;
    const entry = audit.find((item: { target: { id: string } }) => item.target.id === created.body.id);
    expect(entry.actor).toMatch(/^api_key:/);
  });

  it('ends when the key it signed in with is revoked', async () => {
    const key = (await api(context).post('/v1/api-keys').set(tenant.auth).send({ name: 'dashboard key' }).expect(201)).body;
    const { cookie } = await signIn(key.key);
    await api(context).get('/v1/endpoints').set('Cookie', cookie).expect(200);
    await api(context).delete(`/v1/api-keys/${key.id}`).set(tenant.auth).expect(204);
    const refused = await api(context).get('/v1/endpoints').set('Cookie', cookie).expect(401);
    expect(refused.body.error.message).toMatch(/revoked/);
  });

  it('uses the Authorization header, not the cookie, when a request carries both', async () => {
    const { cookie } = await signIn();
    await api(context).post('/v1/endpoints').set('Cookie', cookie).set(tenant.auth).send({ name: 'api client' }).expect(201);
  });

  it('signs out with the CSRF token (not without it), after which the cookie opens nothing', async () => {
    const { cookie, csrf } = await signIn();
    await api(context).delete('/auth/session').set('Cookie', cookie).expect(403);
    await api(context).delete('/auth/session').set('Cookie', cookie).set('X-CSRF-Token', csrf).expect(204);
    await api(context).get('/v1/endpoints').set('Cookie', cookie).expect(401);
    const session = await api(context).get('/auth/session').set('Cookie', cookie).expect(200);
    expect(session.body.signed_in).toBe(false);
  });

  it('audits sign-in and sign-out', async () => {
    const { cookie, csrf } = await signIn();
    await api(context).delete('/auth/session').set('Cookie', cookie).set('X-CSRF-Token', csrf).expect(204);
    const actions = (await api(context).get('/v1/audit?limit=100').set(tenant.auth).expect(200)).body.data.map(
      (entry: { action: string }) => entry.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['dashboard.signed_in', 'dashboard.signed_out']));
  });
});

describe('behind a TLS proxy (TRUST_PROXY)', () => {
  let proxied: TestContext;
  beforeAll(async () => {
    proxied = await createTestContext({ config: { ingestBaseUrl: INGEST_BASE, IDEMPOTENCY_TTL_SECONDS: 3600, TRUST_PROXY: true } });
  });
  afterAll(() => proxied.close());

  it('marks the session cookie Secure when the request came over HTTPS', async () => {
    const key = await proxied.newTenant();
    const response = await api(proxied).post('/auth/session').set('X-Forwarded-Proto', 'https').send({ api_key: key.apiKey }).expect(200);
    const cookie = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('relay_dashboard='))!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/HttpOnly/);
  });
});
