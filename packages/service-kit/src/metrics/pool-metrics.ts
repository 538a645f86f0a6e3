import type { ServiceMetrics } from './service-metrics.js';

/** What pg's Pool reports about itself (service-kit's createPgPool returns one). */
export interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** A Redis client as ioredis reports its connection (`ready` once connected and usable). */
export interface RedisConnectionState {
  readonly status: string;
}

/**
 * PostgreSQL pool saturation, read from the pool at scrape time: connections in use and idle, and callers
 * waiting for one (`db_pool_waiting` above zero for long means the pool is too small or a statement holds it).
 */
export function registerPoolMetrics(metrics: ServiceMetrics, pools: Record<string, PoolCounts>): void {
  metrics.gaugeAtScrape(
    { name: 'db_pool_connections', help: 'PostgreSQL pool connections by state', labelNames: ['pool', 'state'] },
    (gauge) => {
      for (const [pool, counts] of Object.entries(pools)) {
        gauge.set({ pool, state: 'in_use' }, counts.totalCount - counts.idleCount);
        gauge.set({ pool, state: 'idle' }, counts.idleCount);
      }
    },
  );
  metrics.gaugeAtScrape(
    { name: 'db_pool_waiting', help: 'Callers waiting for a PostgreSQL pool connection', labelNames: ['pool'] },
    (gauge) => {
      for (const [pool, counts] of Object.entries(pools)) gauge.set({ pool }, counts.waitingCount);
    },
  );
}

/**
 * States in which a connection is not failing: `ready`, and `wait`, a lazy connection (lazyConnect) that no
 * command has needed yet (the relay's API process opens its queue connection at its first enqueue).
 */
const UP_STATES = new Set(['ready', 'wait']);

/**
 * 1 while a Redis connection is ready (or lazy and not yet needed), 0 while it connects, reconnects or is
 * closed; one series per named connection.
 */
export function registerRedisMetrics(metrics: ServiceMetrics, connections: Record<string, RedisConnectionState>): void {
  metrics.gaugeAtScrape(
    {
      name: 'redis_connection_up',
      help: 'Whether the Redis connection is ready, or lazy and not yet needed (1), or connecting, reconnecting or closed (0)',
      labelNames: ['connection'],
    },
    (gauge) => {
      for (const [connection, client] of Object.entries(connections)) gauge.set({ connection }, UP_STATES.has(client.status) ? 1 : 0);
    },
  );
}
