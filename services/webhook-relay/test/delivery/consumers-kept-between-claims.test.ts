import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { connectRedis, DeliveryQueues, keptConsumersFor } from '../../src/queue/delivery-queues.js';
import { dropKeys, REDIS_URL } from '../helpers/delivery-harness.js';

const LOCK_MS = 30_000;
const MIB = 1024 * 1024;
/** What a worker on a machine without a container limit keeps (a heap limit of about 4 GB). */
const KEPT = keptConsumersFor(4096 * MIB);

describe("a worker's destination consumers between claims", () => {
  const prefix = `relay-test-${randomBytes(6).toString('hex')}`;
  const queues = new DeliveryQueues(connectRedis(REDIS_URL), prefix, undefined, KEPT);
  afterAll(async () => {
    await queues.close();
    queues.connection.disconnect();
    await dropKeys(prefix);
  });

  const claimEach = (destinationIds: string[]) =>
    destinationIds.map((destinationId) => {
      const consumer = queues.consumer(destinationId, LOCK_MS);
      queues.releaseConsumer(consumer);
      return consumer;
    });

  it('are kept for 1,000 destinations worked in turn, so the next round of claims makes no BullMQ handles', () => {
    const destinations = Array.from({ length: 1000 }, () => randomUUID());
    const first = claimEach(destinations);
    const second = claimEach(destinations);
    const reused = second.filter((consumer, index) => consumer === first[index]).length;
    expect(reused).toBe(destinations.length);
  });

  it('are bounded: past the number kept, the least recently claimed destination gets a new one', () => {
    const destinations = Array.from({ length: KEPT + 1 }, () => randomUUID());
    const first = claimEach(destinations);
    const [oldest] = claimEach([destinations[0]!]);
    expect(oldest).not.toBe(first[0]);
    const [newest] = claimEach([destinations[KEPT]!]);
    expect(newest).toBe(first[KEPT]);
  });

  it('are as many as a twentieth of the heap limit holds: 2,048 with a large heap, fewer in a small container, never under 256', () => {
    expect(KEPT).toBe(2048);
    // Node sets a 259 MiB heap limit inside a 256 MiB container.
    expect(keptConsumersFor(259 * MIB)).toBe(414);
    expect(keptConsumersFor(64 * MIB)).toBe(256);
  });
});
