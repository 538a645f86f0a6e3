// PostgreSQL goes away under the ingest listener (every connection dropped, new ones refused) and comes
// back: meanwhile ingest answers 503, never a 2xx it could not keep and never a 500; afterwards it
// captures again by itself, without a restart.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { adminQuery, dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { PrivateRedis } from './helpers/private-redis.js';
import { waitFor, type ServiceProcess } from './helpers/processes.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { relayStack, STORED_BODIES } from './helpers/relay-stack.js';
import { proxyToDatabase, type TcpProxy } from './helpers/tcp-proxy.js';

const database = freshDatabaseName('relay_pg');
let redis: PrivateRedis;
let receiver: Receiver;
let proxy: TcpProxy;
let urlThrough: (role?: string) => string;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  redis = new PrivateRedis();
  await redis.start();
  receiver = await startReceiver();
  ({ proxy, urlThrough } = await proxyToDatabase(database));
});
afterAll(async () => {
  for (const process of processes) await process.stop();
  await proxy.cut();
  await receiver.close();
  await redis.stop();
  await dropDatabase(database);
});

it('answers 503 while PostgreSQL is gone and captures again once it is back, without a restart', async () => {
  // The service connects through the proxy (as its application role); migrations go straight to the server.
  const appUrl = urlThrough('webhook_relay_app');
  const stack = await relayStack({ database, redisUrl: redis.url, appDatabaseUrl: appUrl });
  processes.push(await stack.startApi());
  const { ingestUrl } = await stack.route(receiver.url);
  const send = async (n: number) => {
    const response = await fetch(ingestUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n }),
    });
    return { status: response.status, body: await response.text() };
  };

  const acknowledged: string[] = [];
  for (let n = 0; n < 20; n += 1) {
    expect((await send(n)).status).toBe(200);
    acknowledged.push(JSON.stringify({ n }));
  }

  await proxy.cut();
  const whileDown = await Promise.all(Array.from({ length: 20 }, (_, i) => send(100 + i))).catch((error: unknown) => {
    throw new Error(
      `${String(error)}; relay output: ${processes
        .flatMap((p) => p.output)
        .slice(-20)
        .join('\n')}`,
    );
  });
  for (const answer of whileDown) {
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
  }
  expect((await fetch(`${stack.apiUrl}/readyz`)).status).toBe(503);

  await proxy.open();
  await waitFor('ingest to capture again', async () => (await send(200)).status === 200, 30_000, 200);
  acknowledged.push(JSON.stringify({ n: 200 }));
  for (let n = 201; n < 220; n += 1) {
    expect((await send(n)).status).toBe(200);
    acknowledged.push(JSON.stringify({ n }));
  }
  expect((await fetch(`${stack.apiUrl}/readyz`)).status).toBe(200);

  const stored = (await adminQuery<{ body: string }>(database, STORED_BODIES)).map((row) => row.body);
  for (const body of acknowledged) expect(stored).toContain(body);
  // What was refused with 503 was not kept (the sender will send it again).
  for (const i of [100, 110, 119]) expect(stored).not.toContain(JSON.stringify({ n: i }));
});
