import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeliveryWorkers } from '../../src/delivery/delivery-workers.js';
import { EgressGuard, parseCidrList } from '../../src/delivery/egress-guard.js';
import { HttpSender } from '../../src/delivery/http-sender.js';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { eventually, FAST_POLICY, REDIS_URL, startDeliveryHarness, type DeliveryHarness } from '../helpers/delivery-harness.js';
import { startTarpit, type Tarpit } from '../helpers/tarpit.js';
import { api } from '../helpers/test-app.js';

/** Each "worker process": its own Redis connections, sender and places on the harness's prefix. */
const PLACES = 8;
const PLACES_PER_TENANT = 2;
const SLOW_PLACES_PER_TENANT = 12;
const WORKERS = 2;
/** More slow destinations than both workers' places together, fast and slow. */
const SLOW_DESTINATIONS = 40;
const FAST_DESTINATIONS = 3;
const FAST_EVENTS = 10;

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('one tenant’s slow destinations never hold the places another tenant needs', () => {
  let h: DeliveryHarness;
  let tarpit: Tarpit;
  const workers: DeliveryWorkers[] = [];
  const closers: Array<() => Promise<void>> = [];

  const startWorker = async () => {
    const queues = new DeliveryQueues(connectRedis(REDIS_URL), h.prefix);
    const sender = new HttpSender(new EgressGuard(parseCidrList('127.0.0.1/32')), 256);
    const worker = new DeliveryWorkers({
      ...h.context.deps,
      queues,
      sender,
      policy: FAST_POLICY,
      concurrency: PLACES,
      lanes: { placesPerTenant: PLACES_PER_TENANT, slowPlacesPerTenant: SLOW_PLACES_PER_TENANT },
      lockMs: 5000,
      reconcileIntervalMs: 200,
    });
    await worker.start();
    workers.push(worker);
    closers.push(async () => {
      await worker.close();
      await queues.close();
      await sender.close();
      queues.connection.disconnect();
    });
  };

  beforeAll(async () => {
    h = await startDeliveryHarness({ workers: false });
    tarpit = await startTarpit();
  });
  afterAll(async () => {
    tarpit.release();
    for (const close of closers) await close();
    await tarpit.close();
    await h.close();
  });

  it('delivers a quiet tenant’s events in order while a noisy tenant’s destinations hold every request as long as allowed', async () => {
    // The noisy tenant: destinations whose receiver never answers, at the longest timeout a destination may have.
    const noisy = await h.context.newTenant('pro');
    const created = (await api(h.context).post('/v1/endpoints').set(noisy.auth).send({ name: 'noisy source' }).expect(201)).body as {
      id: string;
      ingest_url: string;
    };
    const noisyUrl = `${h.ingestUrl}${new URL(created.ingest_url).pathname}`;
    for (const n of numbers(SLOW_DESTINATIONS)) {
      const destination = (
        await api(h.context)
          .post('/v1/destinations')
          .set(noisy.auth)
          .send({ name: `tarpit ${n}`, url: `${tarpit.url}/slow/${n}`, timeout_ms: 60_000 })
          .expect(201)
      ).body as { id: string };
      await api(h.context)
        .post('/v1/subscriptions')
        .set(noisy.auth)
        .send({ endpoint_id: created.id, destination_id: destination.id })
        .expect(201);
    }
    // The quiet tenant: fast destinations on the same host as the tarpit.
    const quiet = await h.endpoint();
    for (const n of numbers(FAST_DESTINATIONS)) {
      const destination = await h.destination(`${tarpit.url}/fast/${n}`);
      await h.subscribe(quiet.id, destination.id);
    }

    for (let n = 0; n < WORKERS; n += 1) await startWorker();
    await h.send(noisyUrl, '{"noisy":1}');
    // Every fast place of both workers could be waiting on the tarpit by now, as before the lanes.
    await eventually(() => expect(tarpit.held()).toBeGreaterThanOrEqual(WORKERS * PLACES), 30_000);

    for (const n of numbers(FAST_EVENTS)) await h.send(quiet.url, JSON.stringify({ n }));
    // All delivered, in order, while the tarpit still holds the noisy tenant's requests.
    await eventually(() => {
      for (const n of numbers(FAST_DESTINATIONS)) {
        expect(tarpit.fast.get(`/fast/${n}`)?.map((body) => (JSON.parse(body) as { n: number }).n)).toEqual(numbers(FAST_EVENTS));
      }
    }, 30_000);
    expect(tarpit.held()).toBeGreaterThanOrEqual(WORKERS * PLACES);

    // The noisy tenant's share is bounded: its slow lane and its share of fast places, in each worker.
    expect(tarpit.maxHeld).toBeLessThanOrEqual(WORKERS * (SLOW_PLACES_PER_TENANT + PLACES_PER_TENANT));

    // Once its receiver answers, every one of its destinations gets its event: nothing was dropped.
    tarpit.release();
    await eventually(() => expect(new Set(tarpit.slowPaths).size).toBe(SLOW_DESTINATIONS), 60_000);
  }, 120_000);
});
