import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { connectRedis, DeliveryQueues } from '../../src/queue/delivery-queues.js';
import { definedScripts } from '../helpers/defined-scripts.js';
import { REDIS_URL } from '../helpers/delivery-harness.js';

// The queues' connection auto-pipelines: each tick's commands join one pipeline object, which carries the Lua
// scripts defined on the connection when it was made. A script defined later and called in that tick threw inside
// ioredis ("results[i] is not iterable") past every caller, and the process died: seen as a worker process started
// beside another (bench/relay-delivery-scale.md). Every script must be defined before the connection's first command.
describe("the queues' connection defines its scripts before any command", () => {
  let queues: DeliveryQueues | undefined;
  afterEach(async () => {
    await queues?.close();
    queues?.commands.disconnect();
    queues?.connection.disconnect();
  });

  const open = () => {
    queues = new DeliveryQueues(connectRedis(REDIS_URL), `relay-test-${randomBytes(6).toString('hex')}`);
    return queues;
  };

  it("has BullMQ's scripts and the relay's on a pipeline made before any queue or consumer", () => {
    const { commands } = open();
    const pipeline = commands.pipeline() as unknown as Record<string, unknown>;
    const scripts = definedScripts(commands);
    // BullMQ's are named <script>:<its version>; the relay's start with relay.
    expect(scripts.filter((name) => /^moveToActive:|^addStandardJob:|^moveToFinished:/.test(name))).toHaveLength(3);
    expect(scripts).toEqual(expect.arrayContaining(['relayDropWaiting', 'relayReserveSend', 'relayClaimDestinations']));
    expect(scripts.filter((name) => typeof pipeline[name] !== 'function')).toEqual([]);
  });

  it("answers a consumer's script called in the tick of a pipeline opened before the consumer was made, with nothing thrown past it", async () => {
    const uncaught: unknown[] = [];
    const keep = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', keep);
    try {
      const { commands, prefix } = open();
      expect(await commands.ping()).toBe('PONG');
      // This tick's pipeline, opened before the first consumer exists.
      const other = commands.get(`${prefix}:unrelated`);
      const consumer = queues!.consumer(randomUUID(), 30_000);
      const dropped = (
        commands as Redis & { relayDropWaiting(wait: string, keyPrefix: string, ...ids: string[]): Promise<number> }
      ).relayDropWaiting(`${prefix}:nothing:wait`, `${prefix}:nothing:`, randomUUID());
      expect(await other).toBeNull();
      expect(await dropped).toBe(0);
      expect(await consumer.take()).toBeUndefined();
      // What ioredis throws past its callers surfaces on a later tick.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', keep);
    }
  });
});
