// Open live feeds (GET /v1/events/stream) and long triggers.wait calls end once the principal that opened them
// ends: its API key revoked, its dashboard session signed out, its tenant deleted by the operator. Real app,
// PostgreSQL and Redis; the relay re-checks open principals every few seconds.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { readEventStream, type EventStreamReader } from '../helpers/sse-client.js';
import { api, createTestContext, INGEST_BASE, type TestContext, type TestTenant } from '../helpers/test-app.js';

const ADMIN_KEY = 'relay-admin-streams-0123456789abcdefghijklmnopqrstuvwxyz';
/** "Within seconds", with room for a loaded machine; today's streams never end at all. */
const ENDS_WITHIN_MS = 20_000;

jest.setTimeout(60_000);

let context: TestContext;
let server: Server;
let base: string;

beforeAll(async () => {
  context = await createTestContext({
    config: { ingestBaseUrl: INGEST_BASE, IDEMPOTENCY_TTL_SECONDS: 3600, TRUST_PROXY: false, RELAY_ADMIN_API_KEY: ADMIN_KEY },
  });
  server = context.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await context.close();
});

async function open(headers: Record<string, string>): Promise<EventStreamReader> {
  const stream = await readEventStream(`${base}/v1/events/stream`, headers);
  expect(stream.status).toBe(200);
  expect((await stream.next()).event).toBe('ready');
  return stream;
}

/** True if the server ended the stream within the bound (the stream is closed either way). */
async function endsInTime(stream: EventStreamReader): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ENDS_WITHIN_MS);
  });
  const ended = await Promise.race([stream.ended.then(() => true as const), late]);
  clearTimeout(timer);
  stream.close();
  return ended;
}

async function secondKey(tenant: TestTenant): Promise<{ id: string; auth: Record<string, string> }> {
  const created = (await api(context).post('/v1/api-keys').set(tenant.auth).send({ name: 'streaming' }).expect(201)).body;
  return { id: created.id, auth: { Authorization: `Bearer ${created.key}` } };
}

async function signIn(apiKey: string): Promise<{ cookie: string; csrf: string }> {
  const response = await api(context).post('/auth/session').send({ api_key: apiKey }).expect(200);
  const cookie = (response.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('relay_dashboard='))!;
  return { cookie: cookie.split(';')[0]!, csrf: response.body.csrf_token };
}

describe('an open event stream', () => {
  it('ends within seconds once the API key that opened it is revoked, and other keys’ streams stay open', async () => {
    const tenant = await context.newTenant('pro');
    const key = await secondKey(tenant);
    const doomed = await open(key.auth);
    const kept = await open(tenant.auth);
    await api(context).delete(`/v1/api-keys/${key.id}`).set(tenant.auth).expect(204);
    expect(await endsInTime(doomed)).toBe(true);
    await expect(kept.next(3_000)).rejects.toThrow(/no server-sent event/); // still open, nothing to say
    kept.close();
    const again = await readEventStream(`${base}/v1/events/stream`, key.auth);
    expect(again.status).toBe(401);
    again.close();
  });

  it('ends within seconds once its dashboard session signs out', async () => {
    const tenant = await context.newTenant('pro');
    const { cookie, csrf } = await signIn(tenant.apiKey);
    const stream = await open({ cookie });
    await api(context).delete('/auth/session').set('Cookie', cookie).set('X-CSRF-Token', csrf).expect(204);
    expect(await endsInTime(stream)).toBe(true);
  });

  it('ends within seconds once the operator deletes its tenant, whether opened with a key or a session', async () => {
    const tenant = await context.newTenant('pro');
    const { cookie } = await signIn(tenant.apiKey);
    const byKey = await open(tenant.auth);
    const bySession = await open({ cookie });
    await api(context)
      .delete(`/admin/tenants/${tenant.tenantId}`)
      .set({ Authorization: `Bearer ${ADMIN_KEY}` })
      .expect(204);
    expect(await Promise.all([endsInTime(byKey), endsInTime(bySession)])).toEqual([true, true]);
  });
});

describe('a long POST /v1/triggers/wait', () => {
  it('answers 401 within seconds once its API key is revoked, instead of waiting out wait_seconds', async () => {
    const tenant = await context.newTenant('pro');
    const key = await secondKey(tenant);
    const endpoint = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'waited on' }).expect(201)).body;
    const started = Date.now();
    // then() sends it now (supertest sends nothing until asked for the answer).
    const waiting = api(context)
      .post('/v1/triggers/wait')
      .set(key.auth)
      .send({ endpoint_id: endpoint.id, wait_seconds: 30 })
      .then((answer) => answer);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await api(context).delete(`/v1/api-keys/${key.id}`).set(tenant.auth).expect(204);
    const answer = await waiting;
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthorized');
    expect(Date.now() - started).toBeLessThan(ENDS_WITHIN_MS + 1_000);
  });
});
