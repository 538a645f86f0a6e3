// Every request that needs Redis (a dashboard cookie, signing in to the dashboard, the live feed, a waiting
// triggers.wait) answers 503 with Retry-After and the relay's JSON error within the bounded command timeout when
// Redis stalls (a server that accepts connections and never answers) or is down (nothing listening): never a
// hang, never a 200 stream that would notice nothing. The session store and the feed get connections built as
// server.ts builds them (redisOptions('commands')); infra/faults stalls a real redis-server under the built service.
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type express from 'express';
import { Redis } from 'ioredis';
import request from 'supertest';
import { redisOptions } from '@workspace/service-kit';
import { RedisSessionStore } from '@workspace/service-kit/sessions';
import { createApp } from '../../src/app.js';
import { LiveEvents } from '../../src/live/live-events.js';
import { readEventStream } from '../helpers/sse-client.js';
import { api, createContextWithTenant, type TestContext, type TestTenant } from '../helpers/test-app.js';

/** Well under the 30 s a client would give up after; the bound itself is the 1 s command timeout below. */
const ANSWERED_WITHIN_MS = 15_000;
const TIMEOUTS = { connectTimeoutMs: 1_000, commandTimeoutMs: 1_000 };

let context: TestContext;
let tenant: TestTenant;
let cookie: string;
let endpointId: string;
let blackHole: Server;
const heldSockets: Socket[] = [];
const opened: Redis[] = [];

/** Listens and accepts, then never answers: a Redis stopped with SIGSTOP looks like this from the client. */
async function startBlackHole(): Promise<number> {
  blackHole = createServer((socket) => void heldSockets.push(socket));
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
  return (blackHole.address() as AddressInfo).port;
}

/** A port nothing listens on: Redis down. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The app over a Redis at `port`, its sessions and feed connected as server.ts connects them. */
function appOverRedis(port: number): express.Express {
  const redis = new Redis(`redis://127.0.0.1:${port}`, { ...redisOptions('commands', TIMEOUTS), lazyConnect: true });
  opened.push(redis);
  redis.on('error', () => undefined);
  const prefix = `${context.livePrefix}-unavailable-${port}`;
  const connect = () => {
    const copy = redis.duplicate();
    copy.on('error', () => undefined);
    opened.push(copy);
    return copy;
  };
  return createApp({
    ...context.deps,
    dashboard: {
      ...context.deps.dashboard!,
      store: new RedisSessionStore(redis, { prefix: `${prefix}:dashboard-session:`, ttlSeconds: 3600, cacheMilliseconds: 0 }),
    },
    live: new LiveEvents(connect, prefix, () => undefined, { commands: redis }),
  });
}

beforeAll(async () => {
  ({ context, tenant } = await createContextWithTenant());
  const signedIn = await api(context).post('/auth/session').send({ api_key: tenant.apiKey }).expect(200);
  cookie = (signedIn.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('relay_dashboard='))!.split(';')[0]!;
  endpointId = (await api(context).post('/v1/endpoints').set(tenant.auth).send({ name: 'waited on' }).expect(201)).body.id;
});
afterAll(async () => {
  for (const redis of opened) redis.disconnect();
  for (const socket of heldSockets) socket.destroy();
  blackHole?.close();
  await context.close();
});

function expectUnavailable(answer: { status: number; headers: Record<string, string>; body: unknown }, startedAt: number) {
  expect(answer.status).toBe(503);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.body).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  expect(Date.now() - startedAt).toBeLessThan(ANSWERED_WITHIN_MS);
}

describe.each([
  ['stalls', startBlackHole],
  ['is down', closedPort],
])('while Redis %s', (_what, redisPort) => {
  let app: express.Express;
  beforeAll(async () => {
    app = appOverRedis(await redisPort());
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
