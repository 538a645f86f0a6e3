// PostgreSQL stops answering without closing anything (a proxy that keeps every connection open and
// forwards nothing, new ones accepted and left unanswered): config-store's list and create answer 503 with
// Retry-After within its bounded waits (default settings), never hang; once the proxy forwards again it
// serves them again by itself.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { startService, waitFor, type ServiceProcess } from './helpers/processes.js';
import { expectAllUnavailable, timed } from './helpers/stall.js';
import { pastTransientUnavailable } from './helpers/transient.js';
import { proxyToDatabase, type TcpProxy } from './helpers/tcp-proxy.js';

// The longest a request waits with the default settings: a statement's answer (DATABASE_QUERY_TIMEOUT_MS
// 5 s; acquiring and connecting are bounded at 3 s). The margin is for a loaded CI machine: the point is
// that nothing hangs, not the exact figure.
const BOUND_MS = 5_000;
const MARGIN_MS = 10_000;

const database = freshDatabaseName('config_store_stall');
let proxy: TcpProxy;
let urlThrough: (role?: string) => string;
let service: ServiceProcess | undefined;

beforeAll(async () => {
  ({ proxy, urlThrough } = await proxyToDatabase(database));
});
afterAll(async () => {
  await service?.stop();
  await proxy.cut();
  await dropDatabase(database);
});

it('answers list and create with 503 and Retry-After while PostgreSQL stalls, and serves them again once it answers', async () => {
  const url = urlThrough();
  service = await startService({
    service: 'config-store',
    env: {
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `faults-${randomBytes(4).toString('hex')}:`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      CONFIG_STORE_USERNAME: 'admin',
      CONFIG_STORE_PASSWORD: 'faults-password-1',
    },
    ports: { PORT: 'config-store listening' },
  });
  const base = `http://127.0.0.1:${service.ports.PORT}`;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'faults-password-1' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const list = () => timed(`${base}/configurations/`, { headers: { cookie } });
  const create = (name: string) =>
    timed(`${base}/configurations/`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name, hostname: 'db.internal', port: 5432, username: 'app' }),
    });
  // Several requests, so that the pool holds open connections when the stall begins.
  // Before and after the stall a request needs its real answer: a transient 503 of a loaded machine is retried.
  const before = [() => create('before-1'), () => create('before-2'), list, list];
  for (const answer of await Promise.all(before.map((request) => pastTransientUnavailable(request)))) expect(answer.status).toBe(200);

  proxy.stall();
  const answers = await Promise.all([
    ...Array.from({ length: 12 }, () => list()),
    ...Array.from({ length: 6 }, (_, i) => create(`during-${i}`)),
  ]);
  expectAllUnavailable(answers, BOUND_MS + MARGIN_MS, service.output);
  const slowest = Math.max(...answers.map((answer) => answer.ms));
  console.log(
    `config-store under a stalled PostgreSQL: ${answers.length} requests answered 503 in ${Math.min(...answers.map((a) => a.ms))}-${slowest} ms (${proxy.stalledConnections} new connections left unanswered)`,
  );

  // A second wave, after the first one's connections were given up: the service still does not hang.
  const again = await Promise.all([list(), create('during-again')]);
  expectAllUnavailable(again, BOUND_MS + MARGIN_MS, service.output);

  proxy.forward();
  await waitFor('list to answer again', async () => (await list()).status === 200, 30_000, 200);
  expect((await pastTransientUnavailable(() => create('after'))).status).toBe(200);
  const read = await fetch(`${base}/configurations/after`, { headers: { cookie } });
  expect(read.status).toBe(200);
  expect(await read.json()).toMatchObject({ configurations: [{ name: 'after', hostname: 'db.internal' }] });
  expect((await fetch(`${base}/readyz`)).status).toBe(200);
});
