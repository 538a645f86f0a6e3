import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createLogger } from '@workspace/service-kit';
import { DeliveryDispatcher } from '../../src/delivery/delivery-dispatcher.js';
import { DEFAULT_LANES } from '../../src/delivery/delivery-workers.js';
import { systemRuntime } from '../../src/domain/runtime.js';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { dropKeys, eventually, REDIS_URL } from '../helpers/delivery-harness.js';

/** Far longer than the test waits: a destination left behind a lease would not be worked on again in time. */
const LEASE_MS = 120_000;

describe('a destination claimed again while its work is finishing', () => {
  const prefix = `relay-test-${randomBytes(6).toString('hex')}`;
  const queues = new DeliveryQueues(connectRedis(REDIS_URL), prefix);
  afterAll(async () => {
    await queues.close();
    queues.connection.disconnect();
    await dropKeys(prefix);
  });

  it('is worked on again as soon as the old work ends, not once the lease it was claimed with runs out', async () => {
    const destination = { tenantId: randomUUID(), destinationId: randomUUID() };
    let calls = 0;
    const dispatcher: DeliveryDispatcher = new DeliveryDispatcher({
      queues,
      runtime: systemRuntime,
      logger: createLogger({ service: 'test', level: 'silent' }),
      lanes: { ...DEFAULT_LANES, places: 4 },
      leaseMs: LEASE_MS,
      async work(claimed) {
        calls += 1;
        if (calls > 1) {
          await queues.ready.release(claimed, null);
          return;
        }
        // The work yields its turn (its destination is due again now) and, before it has ended, the same
        // process claims the destination again: forced here by looking and waiting for the claim's lease.
        await queues.ready.yieldTurn(claimed, Date.now());
        dispatcher.look();
        await eventually(async () => expect(await queues.ready.dueAt(claimed)).toBeGreaterThan(Date.now() + LEASE_MS / 2), 10_000);
      },
    });
    await queues.ready.wake([destination], Date.now());
    await dispatcher.start();
    try {
      await eventually(() => expect(calls).toBe(2), 20_000);
      await eventually(async () => expect(await queues.ready.dueAt(destination)).toBeNull(), 10_000);
    } finally {
      await dispatcher.close();
    }
  }, 60_000);
});
