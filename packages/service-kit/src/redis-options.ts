/**
 * How long anything waits on Redis, and the ioredis options that keep it so. Structurally ioredis'
 * RedisOptions (service-kit does not depend on ioredis): pass the result to `new Redis(url, options)`
 * or `redis.duplicate(options)`.
 */
export interface RedisTimeouts {
  /** A new connection: TCP connect until Redis answers (ioredis' connectTimeout). */
  connectTimeoutMs: number;
  /** Each command's answer (ioredis' commandTimeout): past it the caller gets "Command timed out". */
  commandTimeoutMs: number;
}

export const DEFAULT_REDIS_TIMEOUTS: Readonly<RedisTimeouts> = Object.freeze({ connectTimeoutMs: 3000, commandTimeoutMs: 2000 });

export interface BoundedRedisOptions {
  connectTimeout: number;
  commandTimeout: number | undefined;
  maxRetriesPerRequest: number | null;
  enableOfflineQueue: boolean;
}

/**
 * - `commands`: request paths, sessions, rate limits, BullMQ queues (producers), subscribers: every command
 *   answers or fails within commandTimeoutMs. Issued while reconnecting it waits in the offline queue, still
 *   under that bound, and is resent at most once after a reconnect.
 * - `blocking`: BullMQ workers. Their blocking commands (BZPOPMIN and the like) legitimately wait longer
 *   than any command timeout, and BullMQ requires `maxRetriesPerRequest: null` so they survive reconnects:
 *   only the connect is bounded. `commandTimeout` is set to undefined explicitly so that duplicating a
 *   bounded connection with these options drops its command timeout.
 */
export function redisOptions(role: 'commands' | 'blocking', timeouts: RedisTimeouts = DEFAULT_REDIS_TIMEOUTS): BoundedRedisOptions {
  if (role === 'blocking')
    return { connectTimeout: timeouts.connectTimeoutMs, commandTimeout: undefined, maxRetriesPerRequest: null, enableOfflineQueue: true };
  return {
    connectTimeout: timeouts.connectTimeoutMs,
    commandTimeout: timeouts.commandTimeoutMs,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  };
}
