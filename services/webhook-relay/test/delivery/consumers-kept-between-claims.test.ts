import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from '@jest/globals';
import { connectRedis, DeliveryQueues, KEPT_CONSUMERS } from '../../src/queue/delivery-queues.js';
import { dropKeys, REDIS_URL } from '../helpers/delivery-harness.js';

const LOCK_MS = 30_000;

describe("a worker's destination consumers between claims", () => {
  const prefix = `relay-test-${randomBytes(6).toString('hex')}`;
  const queues = new DeliveryQueues(connectRedis(REDIS_URL), prefix);
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

  it('are bounded: past KEPT_CONSUMERS, the least recently claimed destination gets a new one', () => {
    const destinations = Array.from({ length: KEPT_CONSUMERS + 1 }, () => randomUUID());
    const first = claimEach(destinations);
    const [oldest] = claimEach([destinations[0]!]);
    expect(oldest).not.toBe(first[0]);
    const [newest] = claimEach([destinations[KEPT_CONSUMERS]!]);
    expect(newest).toBe(first[KEPT_CONSUMERS]);
  });
});
