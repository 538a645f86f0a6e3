// kill -9 of webhook-relay in the middle of a burst of ingests: every request that got a 2xx is stored
// (nothing answered is lost; senders retry what was refused, as providers do), and once a worker runs every
// stored event reaches the destination, in the order of its outbox. FAULTS_FULL=1 (pnpm faults) sends 10,000; npm test sends 1,500.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { adminQuery, dropDatabase, freshDatabaseName } from './helpers/databases.js';
import { PrivateRedis } from './helpers/private-redis.js';
import { FULL, waitFor, type ServiceProcess } from './helpers/processes.js';
import { collapseRepeats, startReceiver, type Receiver } from './helpers/receiver.js';
import { OUTBOX_ORDER, relayStack, STORED_BODIES } from './helpers/relay-stack.js';

const TOTAL = FULL ? 10_000 : 1_500;
const SENDERS = 64;
const database = freshDatabaseName('relay_kill');
let redis: PrivateRedis;
let receiver: Receiver;
const processes: ServiceProcess[] = [];

beforeAll(async () => {
  redis = new PrivateRedis();
  await redis.start();
  receiver = await startReceiver();
});
afterAll(async () => {
  for (const process of processes) await process.stop();
  await receiver.close();
  await redis.stop();
  await dropDatabase(database);
});

it(`keeps every acknowledged ingest through a kill -9 during ${TOTAL} of them, then delivers all in outbox order`, async () => {
  const stack = await relayStack({ database, redisUrl: redis.url });
  let api = await stack.startApi();
  processes.push(api);
  const { ingestUrl, destinationId } = await stack.route(receiver.url);

  const acknowledged = new Set<string>();
  let refused = 0;
  let next = 0;
  let killed: Promise<void> | undefined;
  // Each sender behaves like a provider: a request that is refused or cut is sent again until a 2xx.
  const sender = async () => {
    while (next < TOTAL) {
      const body = JSON.stringify({ n: next++ });
      for (;;) {
        try {
          const response = await fetch(ingestUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          await response.arrayBuffer();
          expect(response.status).toBeLessThan(500);
          if (response.ok) {
            acknowledged.add(body);
            break;
          }
        } catch {
          // connection refused or reset while the relay is down
        }
        refused += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!killed && acknowledged.size >= TOTAL / 3) {
        killed = api.killHard().then(async () => {
          api = await stack.startApi();
          processes.push(api);
        });
      }
    }
  };
  await Promise.all(Array.from({ length: SENDERS }, sender));
  await killed;

  const storedRows = (await adminQuery<{ body: string }>(database, STORED_BODIES)).map((row) => row.body);
  const stored = new Set(storedRows);
  expect([...acknowledged].filter((body) => !stored.has(body))).toEqual([]);
  expect(acknowledged.size).toBe(TOTAL);
  // Stored twice: committed, then cut off before its answer, then sent again. At most what was in flight.
  expect(storedRows.length - TOTAL).toBeLessThanOrEqual(SENDERS);
  console.log(
    `${TOTAL} sent, all acknowledged in the end; ${storedRows.length} events stored; ${refused} attempts refused or cut while the relay was down`,
  );

  processes.push(await stack.startWorker());
  await waitFor('every stored event delivered', async () => new Set(receiver.bodies).size >= stored.size, 180_000, 250);
  expect(new Set(receiver.bodies)).toEqual(stored);
  const outbox = (await adminQuery<{ body: string }>(database, OUTBOX_ORDER, [destinationId])).map((row) => row.body);
  expect(collapseRepeats(receiver.bodies)).toEqual(collapseRepeats(outbox));
});
