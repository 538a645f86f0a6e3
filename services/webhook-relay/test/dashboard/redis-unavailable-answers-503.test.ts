// Every request that needs Redis (a dashboard cookie, signing in to the dashboard, the live feed, a waiting
// triggers.wait) answers 503 with Retry-After and the relay's JSON error within the bounded command timeout when
// Redis stalls (a server that accepts connections and never answers) or is down (nothing listening): never a
// hang, never a 200 stream that would notice nothing. The session store and the feed get connections built as
// server.ts builds them (redisOptions('commands')); infra/faults stalls a real redis-server under the built service.
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type express from 'express';
import request from 'supertest';
import { RedisSessionStore } from '@workspace/service-kit/sessions';
import { createApp } from '../../src/app.js';
import { readEventStream } from '../helpers/sse-client.js';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';
import { UnansweredRedis } from '../helpers/unanswered-redis.js';

/** Well under the 30 s a client would give up after; the bound itself is the helper's 1 s command timeout. */
const ANSWERED_WITHIN_MS = 15_000;

let context: TestContext;
let tenant: TestTenant;
let cookie: string;
let endpointId: string;
const unanswered: UnansweredRedis[] = [];

/** The app over a Redis that does not answer, its sessions and feed connected as server.ts connects them. */
function appOverRedis(redis: UnansweredRedis): express.Express {
  unanswered.push(redis);
  const prefix = `${context.livePrefix}-unanswered-${unanswered.length}`;
  return createApp({
    ...context.deps,
    dashboard: {
      ...context.deps.dashboard!,
      store: new RedisSessionStore(redis.connect(), { prefix: `${prefix}:dashboard-session:`, ttlSeconds: 3600, cacheMilliseconds: 0 }),
    },
    live: redis.liveEvents(prefix),
  });
}

beforeAll(async () => {
  ({ context, tenant } = await createContextWithTenant());
  const signedIn = await api(context).post('/auth/session').send({ api_key: tenant.apiKey }).expect(200);
  cookie = (signedIn.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('relay_dashboard='))!.split(';')[0]!;
  endpointId = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'waited on' }).expect(201)).body.id;
});
afterAll(async () => {
  for (const redis of unanswered) redis.close();
  await context.close();
});

function expectUnavailable(answer: { status: number; headers: Record<string, string>; body: unknown }, startedAt: number) {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.body).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  expect(Date.now() - startedAt).toBeLessThan(ANSWERED_WITHIN_MS);
}

/**
 * Sends one keep-alive request on a connection of its own, reads the answer, then waits: a server that closes the
 * connection after a complete answer breaks the client's next request on it ("other side closed").
 */
async function answerThenConnection(port: number, rawRequest: string): Promise<{ status: number; closedByServer: boolean }> {
  const socket = connect(port, '127.0.0.1');
  let received = '';
  let closedByServer = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => void (received += chunk));
  socket.on('end', () => void (closedByServer = true));
  socket.on('close', () => void (closedByServer = true));
  socket.write(rawRequest);
  const deadline = Date.now() + ANSWERED_WITHIN_MS;
  while (!/\r\n\r\n[\s\S]*\}/.test(received) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
  socket.destroy();
  return { status, closedByServer };
}

describe.each([
  ['stalls', UnansweredRedis.stalled],
  ['is down', UnansweredRedis.down],
])('while Redis %s', (_what, unansweredRedis) => {
  let app: express.Express;
  beforeAll(async () => {
    app = appOverRedis(await unansweredRedis());
  });

  it('answers a request with the dashboard cookie 503 with Retry-After, and an API key’s request as usual', async () => {
    const startedAt = Date.now();
    expectUnavailable(await request(app).get('/v1/endpoints').set('Cookie', cookie), startedAt);
    await request(app).get('/v1/endpoints').set(tenant.auth).expect(200);
  });

  it('answers a dashboard sign-in 503 with Retry-After', async () => {
    const startedAt = Date.now();
    expectUnavailable(await request(app).post('/auth/session').send({ api_key: tenant.apiKey }), startedAt);
  });

  it('keeps the connection of a refused sign-in or sign-out open for the client’s next request', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const body = JSON.stringify({ api_key: tenant.apiKey });
      const signIn = `POST /auth/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
      const signOut = `DELETE /auth/session HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nContent-Length: 0\r\n\r\n`;
      expect(await answerThenConnection(port, signIn)).toEqual({ status: 503, closedByServer: false });
      expect(await answerThenConnection(port, signOut)).toEqual({ status: 503, closedByServer: false });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('answers a waiting triggers.wait 503 with Retry-After, not an empty batch after the wait', async () => {
    const startedAt = Date.now();
    const answer = await request(app).post('/v1/triggers/wait').set(tenant.auth).send({ endpoint_id: endpointId, wait_seconds: 20 });
    expectUnavailable(answer, startedAt);
  });

  it('answers the live feed 503 with Retry-After and a JSON error, not a stream that would notice nothing', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const startedAt = Date.now();
      const stream = await readEventStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/events/stream`, tenant.auth);
      stream.close();
      expect(stream.status).toBe(503);
      expect(Date.now() - startedAt).toBeLessThan(ANSWERED_WITHIN_MS);
      const answer = await request(app).get('/v1/events/stream').set(tenant.auth);
      expectUnavailable(answer, startedAt);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
