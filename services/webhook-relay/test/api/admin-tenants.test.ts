import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { startIngest, type IngestHarness } from '../helpers/ingest-harness.js';
import { api, createTestContext, INGEST_BASE, type TestContext, type TestTenant } from '../helpers/test-app.js';

const ADMIN_KEY = 'relay-admin-0123456789abcdefghijklmnopqrstuvwxyz';
const admin = { Authorization: `Bearer ${ADMIN_KEY}` };

/** /admin on real PostgreSQL: the operator's tenants, and nothing a tenant's key can reach. */
describe('operator administration (/admin)', () => {
  let context: TestContext;
  let existing: TestTenant;
  let ingest: IngestHarness;

  beforeAll(async () => {
    context = await createTestContext({
      config: { ingestBaseUrl: INGEST_BASE, IDEMPOTENCY_TTL_SECONDS: 3600, TRUST_PROXY: false, RELAY_ADMIN_API_KEY: ADMIN_KEY },
    });
    existing = await context.newTenant('pro');
    ingest = await startIngest(context);
  });
  afterAll(async () => {
    await ingest.close();
    await context.close();
  });

  const auditOf = async (tenantId: string) =>
    (
      await context.ownerPool.query<{ actor: string; action: string; details: Record<string, unknown> }>(
        'SELECT actor, action, details FROM audit_entries WHERE tenant_id = $1 ORDER BY seq',
        [tenantId],
      )
    ).rows;
  const capture = async (ingestUrl: string) => fetch(`${ingest.url}${ingest.pathOf(ingestUrl)}`, { method: 'POST', body: '{"n":1}' });

  it('refuses a tenant key (even a valid one), a wrong key and no key, with JSON errors', async () => {
    const asTenant = await api(context).get('/admin/tenants').set(existing.auth).expect(403);
    expect(asTenant.body.error.code).toBe('forbidden');
    expect((await api(context).get('/admin/tenants').expect(401)).body.error.code).toBe('unauthorized');
    await api(context).get('/admin/tenants').set({ Authorization: 'Bearer not-the-admin-key-at-all' }).expect(401);
    await api(context).post('/admin/tenants').set(existing.auth).send({ name: 'x' }).expect(403);
    await api(context).delete(`/admin/tenants/${existing.tenantId}`).set(existing.auth).expect(403);
    // Nothing changed for the tenant whose key tried.
    expect((await auditOf(existing.tenantId)).map((entry) => entry.action)).toEqual(['tenant.bootstrapped', 'api_key.created']);
  });

  it('does not exist without RELAY_ADMIN_API_KEY', async () => {
    const app = createApp({ ...context.deps, config: { ...context.deps.config, RELAY_ADMIN_API_KEY: undefined } });
    const answer = await request(app).get('/admin/tenants').set(admin).expect(404);
    expect(answer.body.error.code).toBe('not_found');
  });

  it('creates a tenant on a plan with its first key, audited in its log', async () => {
    const created = (await api(context).post('/admin/tenants').set(admin).send({ name: 'Acme', plan: 'scale' }).expect(201)).body;
    expect(created).toMatchObject({ name: 'Acme', plan: 'scale', capture_paused: false, active_api_keys: 1, deleted_at: null });
    expect(created.api_key.key).toMatch(/^whk_/);
    const usage = (
      await api(context)
        .get('/v1/usage')
        .set({ Authorization: `Bearer ${created.api_key.key}` })
        .expect(200)
    ).body;
    expect(usage.plan.id).toBe('scale');
    expect(await auditOf(created.id)).toEqual([
      expect.objectContaining({ actor: 'operator:admin-api', action: 'tenant.created', details: { name: 'Acme', plan: 'scale' } }),
      expect.objectContaining({ actor: 'operator:admin-api', action: 'api_key.created' }),
    ]);
  });

  it('lists every tenant with its plan and usage, a page at a time', async () => {
    const created = (await api(context).post('/admin/tenants').set(admin).send({ name: 'Counted' }).expect(201)).body;
    const key = { Authorization: `Bearer ${created.api_key.key}` };
    const endpoint = (await api(context).post('/v1/endpoints').set(key).send({ name: 'in' }).expect(201)).body;
    for (let n = 0; n < 3; n += 1) expect((await capture(endpoint.ingest_url)).status).toBe(200);
    const all = (await api(context).get('/admin/tenants?limit=100').set(admin).expect(200)).body;
    expect(all.next_cursor).toBeNull();
    expect(all.data.find((tenant: { id: string }) => tenant.id === created.id)).toMatchObject({
      plan: 'free',
      events_captured: 3,
      active_api_keys: 1,
    });
    expect(all.data.find((tenant: { id: string }) => tenant.id === existing.tenantId)).toMatchObject({ plan: 'pro' });
    const first = (await api(context).get('/admin/tenants?limit=1').set(admin).expect(200)).body;
    expect(first.data).toHaveLength(1);
    const second = (await api(context).get(`/admin/tenants?limit=1&cursor=${first.next_cursor}`).set(admin).expect(200)).body;
    expect(second.data[0].id > first.data[0].id).toBe(true);
  });

  it('changes a plan, pauses and resumes capture, each change audited', async () => {
    const created = (await api(context).post('/admin/tenants').set(admin).send({ name: 'Paused' }).expect(201)).body;
    const key = { Authorization: `Bearer ${created.api_key.key}` };
    const endpoint = (await api(context).post('/v1/endpoints').set(key).send({ name: 'in' }).expect(201)).body;
    const changed = (await api(context).patch(`/admin/tenants/${created.id}`).set(admin).send({ plan: 'pro' }).expect(200)).body;
    expect(changed.plan).toBe('pro');
    await api(context).patch(`/admin/tenants/${created.id}`).set(admin).send({ capture_paused: true }).expect(200);
    expect((await capture(endpoint.ingest_url)).status).toBe(429);
    await api(context).patch(`/admin/tenants/${created.id}`).set(admin).send({ capture_paused: false }).expect(200);
    expect((await capture(endpoint.ingest_url)).status).toBe(200);
    // The same plan again changes nothing and audits nothing.
    await api(context).patch(`/admin/tenants/${created.id}`).set(admin).send({ plan: 'pro' }).expect(200);
    const actions = (await auditOf(created.id)).filter((entry) => entry.actor === 'operator:admin-api').map((entry) => entry.action);
    expect(actions.slice(2)).toEqual(['tenant.plan_changed', 'tenant.capture_paused', 'tenant.capture_resumed']);
  });

  it('revokes a tenant key: it stops working and the revocation is audited', async () => {
    const created = (await api(context).post('/admin/tenants').set(admin).send({ name: 'Revoked' }).expect(201)).body;
    const key = { Authorization: `Bearer ${created.api_key.key}` };
    await api(context).get('/v1/usage').set(key).expect(200);
    const keys = (await api(context).get(`/admin/tenants/${created.id}/api-keys`).set(admin).expect(200)).body.data;
    expect(keys).toHaveLength(1);
    await api(context).delete(`/admin/tenants/${created.id}/api-keys/${keys[0].id}`).set(admin).expect(204);
    await api(context).get('/v1/usage').set(key).expect(401);
    expect((await auditOf(created.id)).at(-1)).toMatchObject({ actor: 'operator:admin-api', action: 'api_key.revoked' });
    await api(context).delete(`/admin/tenants/${existing.tenantId}/api-keys/${keys[0].id}`).set(admin).expect(404);
  });

  it('deletes a tenant with its data; the row and its audit log stay, with the deletion in it', async () => {
    const created = (await api(context).post('/admin/tenants').set(admin).send({ name: 'Gone' }).expect(201)).body;
    const key = { Authorization: `Bearer ${created.api_key.key}` };
    const endpoint = (await api(context).post('/v1/endpoints').set(key).send({ name: 'in' }).expect(201)).body;
    const destination = (
      await api(context).post('/v1/destinations').set(key).send({ name: 'out', url: 'https://example.com/hook' }).expect(201)
    ).body;
    await api(context).post('/v1/notification-targets').set(key).send({ kind: 'webhook', url: 'https://example.com/ops' }).expect(201);
    await api(context)
      .post('/v1/event-types')
      .set(key)
      .send({ name: 'order.created', schema: { type: 'object' } })
      .expect(201);
    const at = new Date();
    await context.deps.tenants.run(created.id, (tx) =>
      tx.issue.create({
        data: {
          id: context.runtime.newId(),
          tenantId: created.id,
          destinationId: destination.id,
          kind: 'http_5xx',
          firstSeenAt: at,
          lastSeenAt: at,
        },
      }),
    );
    for (let n = 0; n < 2; n += 1) expect((await capture(endpoint.ingest_url)).status).toBe(200);
    await ingest.ingest.verification.idle();

    await api(context).delete(`/admin/tenants/${created.id}`).set(admin).expect(204);
    await api(context).get('/v1/usage').set(key).expect(401);
    expect((await capture(endpoint.ingest_url)).status).toBe(404);
    const tenant = (await api(context).get(`/admin/tenants/${created.id}`).set(admin).expect(200)).body;
    expect(tenant).toMatchObject({ capture_paused: true, active_api_keys: 0, deleted_at: expect.any(String) });
    const left = await context.ownerPool.query(
      `SELECT (SELECT count(*) FROM events WHERE tenant_id = $1)::int AS events,
              (SELECT count(*) FROM endpoints WHERE tenant_id = $1)::int AS endpoints,
              (SELECT count(*) FROM destinations WHERE tenant_id = $1)::int AS destinations,
              (SELECT count(*) FROM issues WHERE tenant_id = $1)::int AS issues,
              (SELECT count(*) FROM notification_targets WHERE tenant_id = $1)::int AS notification_targets,
              (SELECT count(*) FROM event_type_schemas WHERE tenant_id = $1)::int AS event_types`,
      [created.id],
    );
    expect(left.rows[0]).toEqual({ events: 0, endpoints: 0, destinations: 0, issues: 0, notification_targets: 0, event_types: 0 });
    expect((await auditOf(created.id)).at(-1)).toMatchObject({
      actor: 'operator:admin-api',
      action: 'tenant.deleted',
      details: { api_keys_revoked: 1, events: 2, endpoints: 1, destinations: 1, deliveries: 0 },
    });
    // Deleting again changes nothing; a deleted tenant cannot be changed.
    await api(context).delete(`/admin/tenants/${created.id}`).set(admin).expect(204);
    expect((await api(context).patch(`/admin/tenants/${created.id}`).set(admin).send({ plan: 'pro' }).expect(409)).body.error.code).toBe(
      'conflict',
    );
    // Other tenants keep their data.
    await api(context).get('/v1/usage').set(existing.auth).expect(200);
  });

  it('answers bad input with 400 and unknown tenants with 404, as JSON', async () => {
    const bad = async (answer: request.Test, code: string) => expect((await answer).body.error.code).toBe(code);
    await bad(api(context).post('/admin/tenants').set(admin).send({ name: 'x', plan: 'gold' }).expect(400), 'invalid_request');
    await bad(api(context).post('/admin/tenants').set(admin).send({}).expect(400), 'invalid_request');
    await bad(api(context).patch(`/admin/tenants/${existing.tenantId}`).set(admin).send({}).expect(400), 'invalid_request');
    await bad(api(context).get('/admin/tenants/not-a-uuid').set(admin).expect(400), 'invalid_request');
    await bad(api(context).get('/admin/tenants?cursor=bm90LWEtdXVpZA').set(admin).expect(400), 'invalid_request');
    await bad(api(context).get('/admin/tenants/00000000-0000-7000-8000-000000000000').set(admin).expect(404), 'not_found');
    await bad(api(context).delete('/admin/tenants/00000000-0000-7000-8000-000000000000').set(admin).expect(404), 'not_found');
  });
});
