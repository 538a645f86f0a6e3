import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { api, createTestContext, type TestContext, type TestTenant } from '../helpers/test-app.js';

describe('notification targets refuse bad input with 4xx and change nothing', () => {
  let context: TestContext;
  let tenant: TestTenant;
  let webhook: { id: string; url: string; types: string[] };
  let email: { id: string };

  beforeAll(async () => {
    context = await createTestContext();
    context.deps.config.notificationEmail = true;
    tenant = await context.newTenant();
    webhook = (
      await api(context)
        .post('/v1/notification-targets')
        .set(tenant.auth)
        .send({ kind: 'webhook', url: 'https://ops.example.com/hook' })
        .expect(201)
    ).body;
    email = (
      await api(context).post('/v1/notification-targets').set(tenant.auth).send({ kind: 'email', address: 'ops@example.com' }).expect(201)
    ).body;
  });
  afterAll(() => context.close());

  const snapshot = async () => ({
    targets: (await api(context).get('/v1/notification-targets').set(tenant.auth).expect(200)).body.data,
    audit: (await api(context).get('/v1/audit?limit=100').set(tenant.auth).expect(200)).body.data.length,
  });

  it.each([
    ['no kind', { url: 'https://ops.example.com/x' }, /kind must be webhook or email/],
    ['a webhook without url', { kind: 'webhook' }, /url is required for a webhook target/],
    [
      'a webhook with an address',
      { kind: 'webhook', url: 'https://ops.example.com/x', address: 'a@b.example' },
      /address is for email targets/,
    ],
    ['an email without address', { kind: 'email' }, /address is required for an email target/],
    ['an email that is not one', { kind: 'email', address: 'not an address' }, /address must be an email address/],
    ['a url that is not http(s)', { kind: 'webhook', url: 'ftp://ops.example.com/x' }, /url must be an absolute http/],
    ['a url with credentials', { kind: 'webhook', url: 'https://u:p@ops.example.com/x' }, /credentials/],
    ['a private address (SSRF)', { kind: 'webhook', url: 'http://10.0.0.1/hook' }, /10\.0\.0\.1.*RELAY_EGRESS_ALLOW/],
    ['cloud metadata written as a number', { kind: 'webhook', url: 'http://2852039166/latest' }, /169\.254\.169\.254/],
    ['an unknown type', { kind: 'webhook', url: 'https://ops.example.com/x', types: ['issue.exploded'] }, /types entries must be one of/],
    ['empty types', { kind: 'webhook', url: 'https://ops.example.com/x', types: [] }, /at least one type/],
    ['an unknown member', { kind: 'webhook', url: 'https://ops.example.com/x', secret: 'whsec_abc' }, /secret/],
  ])('POST with %s answers 400', async (_case, body, message) => {
    const before = await snapshot();
    const response = await api(context).post('/v1/notification-targets').set(tenant.auth).send(body).expect(400);
    expect(response.body.error.code).toBe('invalid_request');
    expect(response.body.error.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['an empty body', () => webhook.id, {}, 400, /at least one of/],
    ['a url on an email target', () => email.id, { url: 'https://ops.example.com/y' }, 400, /url is for webhook targets/],
    ['an address on a webhook target', () => webhook.id, { address: 'a@b.example' }, 400, /address is for email targets/],
    ['a loopback url', () => webhook.id, { url: 'http://127.0.0.2/hook' }, 400, /127\.0\.0\.2/],
    ['an unknown target', () => randomUUID(), { enabled: false }, 404, /not found/],
    ['a malformed id', () => 'nope', { enabled: false }, 400, /target_id/],
  ])('PATCH with %s answers %s', async (_case, id, body, status, message) => {
    const before = await snapshot();
    const response = await api(context).patch(`/v1/notification-targets/${id()}`).set(tenant.auth).send(body).expect(status);
    expect(response.body.error.message).toMatch(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 404 for another tenant’s target, on every route, and leaves it alone', async () => {
    const other = await context.newTenant();
    const before = await snapshot();
    await api(context).get(`/v1/notification-targets/${webhook.id}`).set(other.auth).expect(404);
    await api(context).patch(`/v1/notification-targets/${webhook.id}`).set(other.auth).send({ enabled: false }).expect(404);
    await api(context).post(`/v1/notification-targets/${webhook.id}/test`).set(other.auth).expect(404);
    await api(context).delete(`/v1/notification-targets/${webhook.id}`).set(other.auth).expect(404);
    await api(context).get('/v1/notifications?state=lost').set(tenant.auth).expect(400);
    expect(await snapshot()).toEqual(before);
  });

  it('changes and deletes what it is asked to, auditing each', async () => {
    const changed = (
      await api(context)
        .patch(`/v1/notification-targets/${webhook.id}`)
        .set(tenant.auth)
        .send({ types: ['issue.opened', 'issue.opened'], enabled: false })
        .expect(200)
    ).body;
    expect(changed).toMatchObject({ types: ['issue.opened'], enabled: false, url: webhook.url });
    await api(context).post(`/v1/notification-targets/${webhook.id}/test`).set(tenant.auth).expect(409);
    await api(context).delete(`/v1/notification-targets/${webhook.id}`).set(tenant.auth).expect(204);
    await api(context).get(`/v1/notification-targets/${webhook.id}`).set(tenant.auth).expect(404);
    const actions = (await api(context).get('/v1/audit?limit=100').set(tenant.auth).expect(200)).body.data.map(
      (entry: { action: string }) => entry.action,
    );
    expect(actions.filter((action: string) => action.startsWith('notification_target.')).sort()).toEqual([
      'notification_target.created',
      'notification_target.created',
      'notification_target.deleted',
      'notification_target.updated',
    ]);
  });
});
