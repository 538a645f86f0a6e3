// config-store killed (SIGKILL) and started again: sessions live in Redis, so a logged-in client stays
// logged in, and what it stored is still there.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { databaseUrl, dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { startService, type ServiceProcess } from './helpers/processes.js';

const database = freshDatabaseName('config_store');
const running: ServiceProcess[] = [];
let env: Record<string, string>;
let url: string;

beforeAll(async () => {
  env = {
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl(database),
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `faults-${randomBytes(4).toString('hex')}:`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CONFIG_STORE_USERNAME: 'admin',
    CONFIG_STORE_PASSWORD: 'faults-password-1',
  };
});
afterAll(async () => {
  for (const service of running) await service.stop();
  await dropDatabase(database);
});

// The first start picks a port; the restart comes back on it, so the client's URL and cookie stay valid.
const start = async () => {
  const service = await startService({ service: 'config-store', env, ports: { PORT: 'config-store listening' } });
  env.PORT = String(service.ports.PORT);
  url = `http://127.0.0.1:${env.PORT}`;
  running.push(service);
  return service;
};

it('keeps a logged-in session and its records across a kill -9 and a restart', async () => {
  const first = await start();
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'faults-password-1' }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const created = await fetch(`${url}/configurations/`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'survivor', hostname: 'db.internal', port: 5432, username: 'app' }),
  });
  expect(created.status).toBe(200);

  await first.killHard();
  await start();
  const read = await fetch(`${url}/configurations/survivor`, { headers: { cookie } });
  expect(read.status).toBe(200);
  expect(await read.json()).toMatchObject({ configurations: [{ name: 'survivor', hostname: 'db.internal', port: 5432 }] });
});
