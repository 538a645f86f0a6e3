import { Redis } from 'ioredis';
import { createLogger, type Logger } from '@workspace/service-kit';
import type { Config } from './config.js';
import { createDatabase, type Database } from './db/prisma.js';

// Everything the app needs from the outside world; tests build their own (own database, own key prefix).
export interface Deps {
  db: Database;
  redis: Redis;
  logger: Logger;
  sessionSecrets: string[];
  config: Pick<
    Config,
    | 'REDIS_KEY_PREFIX'
    | 'SESSION_TTL_SECONDS'
    | 'TRUST_PROXY'
    | 'LOGIN_MAX_FAILURES_PER_USER'
    | 'LOGIN_MAX_FAILURES_PER_ADDRESS'
    | 'LOGIN_FAILURE_WINDOW_SECONDS'
  >;
}

export function connectResources(config: Config): { db: Database; redis: Redis; logger: Logger } {
  return {
    db: createDatabase(config.DATABASE_URL, config.DATABASE_POOL_SIZE),
    redis: new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 3 }),
    logger: createLogger({ service: 'config-store', level: config.LOG_LEVEL }),
  };
}
