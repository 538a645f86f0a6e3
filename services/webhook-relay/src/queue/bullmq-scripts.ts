import { RedisConnection } from 'bullmq';
import type { Redis } from 'ioredis';

/** BullMQ's own script definition, made callable now (it is protected: BullMQ runs it once connected). */
class ScriptDefinitions extends RedisConnection {
  defineNow(): void {
    this.loadCommands(this.packageVersion);
  }
}

/**
 * Defines BullMQ's Lua scripts on `redis` at once. BullMQ defines them on a connection it is given only once its
 * first queue or worker there has connected; on an auto-pipelined connection that is too late (defineQueueScripts
 * in delivery-queues.ts says why). Needs no connection: the definitions are local, and nothing is sent.
 */
export function defineBullmqScripts(redis: Redis): void {
  const definitions = new ScriptDefinitions(redis, { shared: true, blocking: false, skipVersionCheck: true });
  definitions.defineNow();
  // Shared: closing leaves the connection as it is, and takes back the listeners BullMQ put on it.
  void definitions.close().catch(() => undefined);
}
