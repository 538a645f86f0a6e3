// Redis loses everything in the middle of deliveries, twice: a FLUSHALL, then a restart without
// persistence. The outbox in PostgreSQL is the truth: the reconciler re-creates the lost jobs and every
// event still reaches the destination, in outbox order.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { adminQuery, dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { PrivateRedis } from './helpers/private-redis.js';
import { FULL, waitFor, type ServiceProcess } from './helpers/processes.js';
import { collapseRepeats, startReceiver, type Receiver } from './helpers/receiver.js';
import { OUTBOX_ORDER, relayStack } from './helpers/relay-stack.js';

const TOTAL = FULL ? 2_000 : 300;
const database = freshDatabaseName('relay_redis');
let redis: PrivateRedis;
let receiver: Receiver;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  redis = new PrivateRedis();
  await redis.start();
  // A slow destination, so that deliveries are in flight when Redis goes.
  receiver = await startReceiver(5);
});
afterAll(async () => {
  for (const process of processes) await process.stop();
  await receiver.close();
  await redis.stop();
  await dropDatabase(database);
});

it(`delivers all ${TOTAL} events in order through a FLUSHALL and a Redis restart mid-delivery`, async () => {
  const stack = await relayStack({ database, redisUrl: redis.url });
  processes.push(await stack.startApi());
  const { ingestUrl, destinationId } = await stack.route(receiver.url);
  for (let n = 0; n < TOTAL; n += 1) {
    const response = await fetch(ingestUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ n }),
    });
    expect(response.status).toBe(200);
  }
  processes.push(await stack.startWorker());

  await waitFor('a third delivered', async () => receiver.bodies.length >= TOTAL / 3, 120_000, 20);
  expect(redis.cli('FLUSHALL')).toBe('OK');
  await waitFor('two thirds delivered', async () => receiver.bodies.length >= (2 * TOTAL) / 3, 120_000, 20);
  await redis.stop();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await redis.start();

  await waitFor('every event delivered', async () => new Set(receiver.bodies).size >= TOTAL, 180_000, 250);
  const outbox = (await adminQuery<{ body: string }>(database, OUTBOX_ORDER, [destinationId])).map((row) => row.body);
  expect(outbox).toHaveLength(TOTAL);
  expect(collapseRepeats(receiver.bodies)).toEqual(outbox);
  console.log(`${TOTAL} events: ${receiver.bodies.length} deliveries received (repeats are at-least-once re-sends)`);
});
