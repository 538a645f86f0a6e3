import {
  envBoolean,
  envInteger,
  envOptional,
  envPort,
  envTrustProxy,
  loadConfig,
  metricsSettings,
  pgTimeoutSettings,
  redisTimeoutSettings,
} from '@workspace/service-kit';
import { z } from 'zod';

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: envPort(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url('must be a postgresql:// URL').default('postgresql://postgres@127.0.0.1:5432/config_store'),
  DATABASE_POOL_SIZE: envInteger(10, { min: 1, max: 200 }),
  /** Bounded waits on PostgreSQL (connect, acquire, statement): DATABASE_*_TIMEOUT_MS, see service-kit's pg-pool.ts. */
  ...pgTimeoutSettings(),
  MIGRATE_ON_START: envBoolean(true),
  REDIS_URL: z.string().url('must be a redis:// URL').default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: z.string().default('config-store:'),
  /** Bounded waits on Redis (connect, each command): REDIS_CONNECT_TIMEOUT_MS, REDIS_COMMAND_TIMEOUT_MS. */
  ...redisTimeoutSettings(),
  SESSION_SECRET: envOptional(),
  SESSION_TTL_SECONDS: envInteger(8 * 60 * 60, { min: 1 }),
  SESSION_CACHE_MILLISECONDS: envInteger(2000, { min: 0, max: 60_000 }),
  TRUST_PROXY: envTrustProxy(),
  CONFIG_STORE_USERNAME: envOptional(),
  CONFIG_STORE_PASSWORD: envOptional(),
  // Failed logins per window (README, "config-store"): a small limit per user name from one address, one
  // per address, and a high ceiling per user name from all addresses, so a stranger cannot lock the owner out.
  LOGIN_MAX_FAILURES_PER_USER_AND_ADDRESS: envInteger(5, { min: 1 }),
  LOGIN_MAX_FAILURES_PER_ADDRESS: envInteger(20, { min: 1 }),
  LOGIN_MAX_FAILURES_PER_USER: envInteger(100, { min: 1 }),
  LOGIN_FAILURE_WINDOW_SECONDS: envInteger(15 * 60, { min: 1 }),
  LOGIN_DELAY_AFTER_FAILURES: envInteger(10, { min: 1 }),
  LOGIN_DELAY_BASE_MILLISECONDS: envInteger(250, { min: 0, max: 60_000 }),
  LOGIN_DELAY_MAX_MILLISECONDS: envInteger(5000, { min: 0, max: 60_000 }),
  /** METRICS_ENABLED, METRICS_PORT: /metrics on PORT by default, or on its own port (service-kit's metrics-settings.ts). */
  ...metricsSettings(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const config = loadConfig(ConfigSchema, env);
  if ((config.CONFIG_STORE_USERNAME === undefined) !== (config.CONFIG_STORE_PASSWORD === undefined)) {
    throw new Error('invalid configuration: set both CONFIG_STORE_USERNAME and CONFIG_STORE_PASSWORD, or neither');
  }
  return config;
}
