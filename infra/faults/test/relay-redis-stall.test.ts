// Redis stops answering without closing anything (SIGSTOP of a redis-server of the test's own), then is killed:
// every request of the relay's API that needs Redis (a dashboard cookie, signing in to the dashboard, the live
// event feed, a waiting triggers.wait) answers 503 with Retry-After and the relay's JSON error within the bounded
// waits, never hangs; requests that need no Redis (an API key's reads) still answer. Once Redis is back the
// dashboard signs in and the feed opens again by themselves.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { PrivateRedis } from './helpers/private-redis.js';
import { waitFor, type ServiceProcess } from './helpers/processes.js';
import { BOOTSTRAP_KEY, relayStack } from './helpers/relay-stack.js';
import { expectAllUnavailable, timed } from './helpers/stall.js';
import { pastTransientUnavailable } from './helpers/transient.js';

// The longest a request waits on Redis with the default settings: a few commands of REDIS_COMMAND_TIMEOUT_MS
// (2 s) each at most (opening the feed subscribes, then announces). The margin is for a loaded CI machine: the
// point is that nothing hangs (today's relay gave no answer in 30 s), not the exact figure.
const BOUND_MS = 6_000;
const MARGIN_MS = 10_000;

const database = freshDatabaseName('relay_redis_stall');
let redis: PrivateRedis;
let api: ServiceProcess | undefined;

beforeAll(async () => {
  redis = new PrivateRedis();
  await redis.start();
});
afterAll(async () => {
  redis.resume();
  await api?.stop();
  await redis.stop();
  await dropDatabase(database);
});

it('answers what needs Redis with 503 and Retry-After while Redis stalls or is down, and recovers by itself', async () => {
  const stack = await relayStack({ database, redisUrl: redis.url });
  api = await stack.startApi();
  const output = () => api?.output ?? [];
  const bearer = { authorization: `Bearer ${BOOTSTRAP_KEY}` };
  const json = { 'content-type': 'application/json' };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    timed(`${stack.apiUrl}${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) });
  const signIn = () => post('/auth/session', { api_key: BOOTSTRAP_KEY });
  const endpoint = await pastTransientUnavailable(() => post('/v1/endpoints', { name: 'stalled' }, bearer));
  expect(endpoint.status).toBe(201);
  const endpointId = (JSON.parse(endpoint.body) as { id: string }).id;

  const signedIn = await pastTransientUnavailable(() =>
    fetch(`${stack.apiUrl}/auth/session`, { method: 'POST', headers: json, body: JSON.stringify({ api_key: BOOTSTRAP_KEY }) }),
  );
  expect(signedIn.status).toBe(200);
  const cookie = { cookie: signedIn.headers.getSetCookie()[0]!.split(';')[0]! };
  expect((await timed(`${stack.apiUrl}/v1/endpoints`, { headers: cookie })).status).toBe(200);
  const feed = await fetch(`${stack.apiUrl}/v1/events/stream`, { headers: bearer });
  expect(feed.status).toBe(200);
  await feed.body?.cancel();

  // Everything that needs Redis, each request on its own.
  const needRedis = () => [
    timed(`${stack.apiUrl}/v1/endpoints`, { headers: cookie }),
    timed(`${stack.apiUrl}/v1/events/stream`, { headers: bearer }),
    post('/v1/triggers/wait', { endpoint_id: endpointId, wait_seconds: 5 }, bearer),
    signIn(),
  ];
  const check = async (what: string) => {
    const answers = await Promise.all(needRedis());
    expectAllUnavailable(answers, BOUND_MS + MARGIN_MS, output());
    for (const answer of answers) expect(JSON.parse(answer.body)).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    console.log(
      `webhook-relay with Redis ${what}: answered 503 in ${Math.min(...answers.map((a) => a.ms))}-${Math.max(...answers.map((a) => a.ms))} ms`,
    );
    // An API key's reads need no Redis, and the connections of the refused requests stay usable (a client reuses them).
    const keyRead = await pastTransientUnavailable(() => timed(`${stack.apiUrl}/v1/endpoints`, { headers: bearer }));
    if (keyRead.status !== 200)
      throw new Error(`an API key's read with Redis ${what}: ${keyRead.status} ${keyRead.body}\n${output().slice(-15).join('\n')}`);
  };

  redis.pause();
  await check('stalled');
  // A second wave on the connections the first one left behind: still bounded.
  await check('still stalled');

  await redis.stop();
  await check('down');

  await redis.start();
  // Sign-ins are limited to 20 a minute per address: a few attempts, spaced.
  await waitFor('the dashboard to sign in again', async () => (await signIn()).status === 200, 30_000, 3_000);
  await waitFor(
    'the live feed to open again',
    async () => {
      const reopened = await fetch(`${stack.apiUrl}/v1/events/stream`, { headers: bearer, signal: AbortSignal.timeout(10_000) });
      await reopened.body?.cancel();
      return reopened.status === 200;
    },
    30_000,
    500,
  );
  const waited = await post('/v1/triggers/wait', { endpoint_id: endpointId, wait_seconds: 1 }, bearer);
  expect(waited.status).toBe(200);
});
