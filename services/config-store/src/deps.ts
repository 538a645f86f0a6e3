import type session from 'express-session';
import { Redis } from 'ioredis';
import {
  createLogger,
  pgTimeoutsFrom,
  redisOptions,
  redisTimeoutsFrom,
  registerPoolMetrics,
  registerRedisMetrics,
  ServiceMetrics,
  type Logger,
} from '@workspace/service-kit';
import type { Config } from './config.js';
import { openDatabase, type ConnectionPool, type Database } from './db/prisma.js';
import { RedisSessionStore } from '@workspace/service-kit/sessions';
import { configStoreMetrics, type ConfigStoreMetrics } from './metrics/config-store-metrics.js';

// Everything the app needs from the outside world; tests build their own (own database, own key prefix).
export interface Deps {
  db: Database;
  pool: ConnectionPool;
  redis: Redis;
  logger: Logger;
  sessionStore: session.Store;
  sessionSecrets: string[];
  /** The config store's metrics (absent: nothing recorded and no /metrics). */
  metrics?: ConfigStoreMetrics;
  /** METRICS_PORT is set: /metrics is served there, not by this app. */
  metricsOnOwnPort?: boolean;
  config: Pick<
    Config,
    | 'REDIS_KEY_PREFIX'
    | 'SESSION_TTL_SECONDS'
    | 'TRUST_PROXY'
    | 'LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS'
    | 'LOGIN_MAX_FAILURES_PER_USER'
    | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
    | 'LOGIN_FAILURE_WINDOW_SECONDS'
    | 'LOGIN_DELAY_AFTER_FAILURES'
    | 'LOGIN_DELAY_BASE_MILLISECONDS'
    | 'LOGIN_DELAY_MAX_MILLISECONDS'
  >;
}

export interface Resources {
  db: Database;
  pool: ConnectionPool;
  redis: Redis;
  subscriber: Redis;
  sessionStore: RedisSessionStore;
  logger: Logger;
  metrics: ConfigStoreMetrics;
  metricsOnOwnPort: boolean;
  close(): Promise<void>;
}

export async function connectResources(config: Config): Promise<Resources> {
  const logger = createLogger({ service: 'config-store', level: config.LOG_LEVEL, buffered: config.NODE_ENV === 'production' });
  const database = openDatabase(
    config.DATABASE_URL,
    config.DATABASE_POOL_SIZE,
    (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server'),
    pgTimeoutsFrom(config),
  );
  // Sessions, login limits and the invalidation channel: every command answers or fails within the bound.
  const redis = new Redis(config.REDIS_URL, redisOptions('commands', redisTimeoutsFrom(config)));
  const subscriber = new Redis(config.REDIS_URL, redisOptions('commands', redisTimeoutsFrom(config)));
  const sessionStore = new RedisSessionStore(redis, {
    prefix: config.REDIS_KEY_PREFIX,
    ttlSeconds: config.SESSION_TTL_SECONDS,
    cacheMilliseconds: config.SESSION_CACHE_MILLISECONDS,
    subscriber,
  });
  await sessionStore.listenForChanges();
  const metrics = configStoreMetrics(new ServiceMetrics({ enabled: config.METRICS_ENABLED, service: 'config-store' }));
  registerPoolMetrics(metrics.service, { app: database.pool });
  registerRedisMetrics(metrics.service, { commands: redis, subscriber });
  return {
    ...database,
    redis,
    subscriber,
    sessionStore,
    logger,
    metrics,
    metricsOnOwnPort: config.METRICS_PORT !== undefined,
    async close() {
      await database.close();
      subscriber.disconnect();
      await redis.quit();
    },
  };
}
