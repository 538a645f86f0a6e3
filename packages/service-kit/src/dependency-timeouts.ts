import { envInteger } from './config.js';
import { DEFAULT_PG_TIMEOUTS, type PgTimeouts } from './pg-pool.js';
import { DEFAULT_REDIS_TIMEOUTS, type RedisTimeouts } from './redis-options.js';

// The environment variables that set PgTimeouts and RedisTimeouts, for a service's zod config: spread the
// shape into its schema (`...pgTimeoutSettings()`), then turn the parsed values into the options.
const MAX_WAIT_MS = 10 * 60 * 1000;

export function pgTimeoutSettings(defaults: Partial<Omit<PgTimeouts, 'longStatements'>> = {}) {
  const d = { ...DEFAULT_PG_TIMEOUTS, ...defaults };
  return {
    /** A new PostgreSQL connection: TCP connect plus start-up handshake. */
    DATABASE_CONNECT_TIMEOUT_MS: envInteger(d.connectTimeoutMs, { min: 100, max: MAX_WAIT_MS }),
    /** Waiting for a pooled connection (a free one, or a new one). */
    DATABASE_ACQUIRE_TIMEOUT_MS: envInteger(d.acquireTimeoutMs, { min: 100, max: MAX_WAIT_MS }),
    /** Waiting for a statement's answer, client-side; the connection is closed when it passes. */
    DATABASE_QUERY_TIMEOUT_MS: envInteger(d.queryTimeoutMs, { min: 100, max: MAX_WAIT_MS }),
    /** The server's statement_timeout for the service's connections; 0: none. */
    DATABASE_STATEMENT_TIMEOUT_MS: envInteger(d.statementTimeoutMs, { min: 0, max: MAX_WAIT_MS }),
    /** The server's idle_in_transaction_session_timeout: a transaction left open with nothing running ends; 0: none. */
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: envInteger(d.idleInTransactionTimeoutMs, { min: 0, max: MAX_WAIT_MS }),
  };
}

export interface PgTimeoutConfig {
  DATABASE_CONNECT_TIMEOUT_MS: number;
  DATABASE_ACQUIRE_TIMEOUT_MS: number;
  DATABASE_QUERY_TIMEOUT_MS: number;
  DATABASE_STATEMENT_TIMEOUT_MS: number;
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: number;
}

export function pgTimeoutsFrom(config: PgTimeoutConfig, longStatements?: RegExp): PgTimeouts {
  return {
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    ...(longStatements ? { longStatements } : {}),
  };
}

export function redisTimeoutSettings(defaults: Partial<RedisTimeouts> = {}) {
  const d = { ...DEFAULT_REDIS_TIMEOUTS, ...defaults };
  return {
    /** A new Redis connection, until Redis answers. */
    REDIS_CONNECT_TIMEOUT_MS: envInteger(d.connectTimeoutMs, { min: 100, max: MAX_WAIT_MS }),
    /** Each Redis command's answer (not BullMQ workers' blocking commands). */
    REDIS_COMMAND_TIMEOUT_MS: envInteger(d.commandTimeoutMs, { min: 100, max: MAX_WAIT_MS }),
  };
}

export interface RedisTimeoutConfig {
  REDIS_CONNECT_TIMEOUT_MS: number;
  REDIS_COMMAND_TIMEOUT_MS: number;
}

export function redisTimeoutsFrom(config: RedisTimeoutConfig): RedisTimeouts {
  return { connectTimeoutMs: config.REDIS_CONNECT_TIMEOUT_MS, commandTimeoutMs: config.REDIS_COMMAND_TIMEOUT_MS };
}
