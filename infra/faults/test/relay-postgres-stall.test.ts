// PostgreSQL stops answering without closing anything (a proxy in front of the relay's application role
// that keeps every connection open and forwards nothing, new ones accepted and left unanswered): ingest and
// the REST API answer 503 with Retry-After within the bounded waits, never hang and never a 2xx that was not
// committed; the worker's reconciler fails its passes and retries instead of hanging. Once the proxy
// forwards again everything works by itself: ingest captures, the API reads, every event acknowledged with
// a 2xx, before or after the stall, reaches the destination, and the reconciler (whose pass was waiting on the
// stall) finds a destination created afterwards.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { adminQuery, dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { PrivateRedis } from './helpers/private-redis.js';
import { waitFor, type ServiceProcess } from './helpers/processes.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { BOOTSTRAP_KEY, relayStack, STORED_BODIES } from './helpers/relay-stack.js';
import { expectAllUnavailable, timed, type TimedAnswer } from './helpers/stall.js';
import { pastTransientUnavailable } from './helpers/transient.js';
import { proxyToDatabase, type TcpProxy } from './helpers/tcp-proxy.js';

// The longest a request waits with the default settings: a statement's answer (DATABASE_QUERY_TIMEOUT_MS
// 5 s; acquiring and connecting are bounded at 3 s). Capture is a group commit: requests queued behind a
// commit that timed out are refused with it, not made to wait for a commit of their own. The margin is for
// a loaded CI machine: the point is that nothing hangs, not the exact figure.
const BOUND_MS = 5_000;
const MARGIN_MS = 10_000;
// The reconciler's pass waits up to the server-side statement timeout (a long statement) plus 1 s; shortened
// here from the default 30 s so the test sees it give up sooner.
const STATEMENT_TIMEOUT_MS = 8_000;

const database = freshDatabaseName('relay_stall');
let redis: PrivateRedis;
let receiver: Receiver;
let later: Receiver;
let proxy: TcpProxy;
let urlThrough: (role?: string) => string;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  redis = new PrivateRedis();
  await redis.start();
  receiver = await startReceiver();
  later = await startReceiver();
  ({ proxy, urlThrough } = await proxyToDatabase(database));
});
afterAll(async () => {
  for (const process of processes) await process.stop();
  await proxy.cut();
  await receiver.close();
  await later.close();
  await redis.stop();
  await dropDatabase(database);
});

it('answers ingest and API reads with 503 and Retry-After while PostgreSQL stalls, and recovers by itself', async () => {
  // The service connects through the proxy (as its application role); migrations go straight to the server.
  const appUrl = urlThrough('webhook_relay_app');
  const stack = await relayStack({ database, redisUrl: redis.url, appDatabaseUrl: appUrl });
  stack.env.DATABASE_STATEMENT_TIMEOUT_MS = String(STATEMENT_TIMEOUT_MS);
  const api = await stack.startApi();
  processes.push(api);
  const { ingestUrl } = await stack.route(receiver.url);
  const worker = await stack.startWorker();
  processes.push(worker);
  const output = () => [...api.output, ...worker.output];
  const auth = { authorization: `Bearer ${BOOTSTRAP_KEY}` };
  const send = (n: number) =>
    timed(ingestUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n }) });
  const read = (path: string) => timed(`${stack.apiUrl}${path}`, { headers: auth });

  const acknowledged: string[] = [];
  const record = (n: number, answer: TimedAnswer) => {
    if (answer.status >= 200 && answer.status < 300) acknowledged.push(JSON.stringify({ n }));
  };
  // Before and after the stall a request needs its real answer: a transient 503 of a loaded machine is retried.
  const warm = await Promise.all(Array.from({ length: 10 }, (_, n) => pastTransientUnavailable(() => send(n))));
  warm.forEach((answer, n) => {
    expect(answer.status).toBe(200);
    record(n, answer);
  });
  for (const path of ['/v1/endpoints', '/v1/events']) expect((await pastTransientUnavailable(() => read(path))).status).toBe(200);
  await waitFor('the first events delivered', async () => receiver.bodies.length >= acknowledged.length, 60_000, 100);

  proxy.stall();
  const ingestAnswers = Promise.all(Array.from({ length: 12 }, (_, i) => send(100 + i)));
  const apiAnswers = Promise.all([read('/v1/endpoints'), read('/v1/events'), read('/v1/deliveries'), read('/v1/endpoints')]);
  const ingested = await ingestAnswers;
  ingested.forEach((answer, i) => record(100 + i, answer));
  const answers = [...ingested, ...(await apiAnswers)];
  expectAllUnavailable(answers, BOUND_MS + MARGIN_MS, output());
  for (const answer of ingested) expect(JSON.parse(answer.body)).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  console.log(
    `webhook-relay under a stalled PostgreSQL: ingest answered 503 in ${Math.min(...ingested.map((a) => a.ms))}-${Math.max(...ingested.map((a) => a.ms))} ms, ` +
      `API reads in ${Math.min(...answers.slice(ingested.length).map((a) => a.ms))}-${Math.max(...answers.slice(ingested.length).map((a) => a.ms))} ms`,
  );

  // A second wave after the first one's connections were given up: still bounded.
  const again = await Promise.all([send(200), send(201), read('/v1/events')]);
  record(200, again[0]!);
  record(201, again[1]!);
  expectAllUnavailable(again, BOUND_MS + MARGIN_MS, output());
  // Meanwhile the worker's reconciler (a pass every 500 ms) is waiting on the stall too.

  proxy.forward();
  await waitFor(
    'ingest to capture again',
    async () => {
      const answer = await send(300);
      record(300, answer);
      return answer.status === 200;
    },
    30_000,
    200,
  );
  for (let n = 301; n < 310; n += 1) {
    const answer = await pastTransientUnavailable(() => send(n));
    expect(answer.status).toBe(200);
    record(n, answer);
  }
  for (const path of ['/v1/endpoints', '/v1/events']) expect((await pastTransientUnavailable(() => read(path))).status).toBe(200);
  expect((await fetch(`${stack.apiUrl}/readyz`)).status).toBe(200);

  // The reconciler gave up its stalled pass and runs again: only it starts the worker of a new destination
  // (a pass that hung would keep every later one from starting).
  const { ingestUrl: laterUrl } = await stack.route(later.url);
  expect((await pastTransientUnavailable(() => timed(laterUrl, { method: 'POST', body: '{"later":true}' }))).status).toBe(200);
  await waitFor(
    'the new destination served',
    async () => later.bodies.includes('{"later":true}'),
    STATEMENT_TIMEOUT_MS + 1000 + 60_000,
    200,
  );

  // Capture stayed safe: every 2xx is stored, and delivered once delivery works again.
  const stored = (await adminQuery<{ body: string }>(database, STORED_BODIES)).map((row) => row.body);
  for (const body of acknowledged) expect(stored).toContain(body);
  await waitFor(
    'every acknowledged event delivered',
    async () => acknowledged.every((body) => receiver.bodies.includes(body)),
    60_000,
    200,
  );
});
