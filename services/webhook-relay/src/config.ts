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
import { RELAY_PLAN_IDS } from '@workspace/contracts';
import { z } from 'zod';
import { parseDuration, parseDurationList } from './delivery/durations.js';
import { parseCidrList } from './delivery/egress-guard.js';
import { parsePlanAllowances } from './domain/tenants/plan-allowances.js';
import { parsePlanRetentionDays } from './domain/retention/plan-retention.js';
import { parseIdentityProviders } from './sign-in/identity-providers.js';

/** A zod transform that runs a parser and turns its error into the variable's message. */
const parsed =
  <T>(parse: (text: string) => T) =>
  (value: string, ctx: z.RefinementCtx) => {
    try {
      return parse(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  };

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The role the service works as: owns no table, so row-level security always applies to it. */
export const APP_DATABASE_ROLE = 'webhook_relay_app';
export const API_KEY_PREFIX = 'whk_';

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: envPort(8100),
  INGEST_PORT: envPort(8101),
  HOST: z.string().default('0.0.0.0'),
  /** Owner of the schema: migrations only. */
  DATABASE_URL: z.string().url('must be a postgresql:// URL').default('postgresql://postgres@127.0.0.1:5432/webhook_relay'),
  /** What the service connects as; by default DATABASE_URL with the user webhook_relay_app and no password. */
  DATABASE_APP_URL: envOptional().pipe(z.string().url('must be a postgresql:// URL').optional()),
  DATABASE_POOL_SIZE: envInteger(10, { min: 1, max: 200 }),
  /**
   * A worker process's connections (docs/delivery.md#processes-where-the-workers-run). Its statements are short and
   * never held across a delivery's HTTP call, so a few connections keep PostgreSQL's cores busy; every one more is
   * a backend of its own to warm, per process.
   */
  WORKER_DATABASE_POOL_SIZE: envInteger(4, { min: 1, max: 200 }),
  /**
   * Bounded waits on PostgreSQL (connect, acquire, statement): DATABASE_*_TIMEOUT_MS, see service-kit's pg-pool.ts.
   * The server-side statement timeout is longer than a request's wait: the sweeps and the reconciler read
   * many rows and wait up to it (LONG_STATEMENTS in db/prisma.ts).
   */
  ...pgTimeoutSettings({ statementTimeoutMs: 30_000 }),
  MIGRATE_ON_START: envBoolean(true),
  /** Base of ingest URLs handed out: `{RELAY_INGEST_URL}/<token>`; default http://127.0.0.1:<INGEST_PORT>. */
  RELAY_INGEST_URL: envOptional().pipe(z.string().url('must be an http(s):// URL').optional()),
  /** base64 of 32 bytes: wraps every tenant's data key. */
  RELAY_MASTER_KEY: z.string({ error: 'is required: base64 of 32 bytes (openssl rand -base64 32)' }).min(1, 'must not be empty'),
  /** Earlier master keys, comma-separated, still accepted for unwrapping after a rotation. */
  RELAY_MASTER_KEY_PREVIOUS: envOptional(),
  RELAY_BOOTSTRAP_API_KEY: envOptional().refine(
    (key) => key === undefined || (key.startsWith(API_KEY_PREFIX) && key.length >= 24 && key.length <= 200),
    `must start with ${API_KEY_PREFIX} and be 24-200 characters long`,
  ),
  /** The plan of the tenant RELAY_BOOTSTRAP_API_KEY opens, applied at every start. */
  RELAY_BOOTSTRAP_PLAN: z.enum(RELAY_PLAN_IDS, { error: `must be one of ${RELAY_PLAN_IDS.join(', ')}` }).default('free'),
  /** Paid plans' event volumes per month, e.g. `pro=100000,scale=1000000,enterprise=unlimited`; unnamed plans keep theirs. */
  RELAY_PLAN_ALLOWANCES: envOptional().transform((value, ctx) => {
    try {
      return parsePlanAllowances(value ?? '');
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** Days of events each plan keeps, e.g. `free=7,pro=30`; unnamed plans keep their default (7 / 30 / 90 / 365). */
  RELAY_PLAN_RETENTION_DAYS: envOptional().transform((value, ctx) => parsed(parsePlanRetentionDays)(value ?? '', ctx)),
  /** How often a worker process (or an API process running the workers) purges what retention expired. */
  RELAY_RETENTION_INTERVAL_MS: envInteger(60_000, { min: 1000, max: 24 * 60 * 60 * 1000 }),
  /** Events one purge statement removes at most (one short transaction each). */
  RELAY_RETENTION_BATCH: envInteger(5000, { min: 100, max: 100_000 }),
  /** Dead letters a bulk retry re-sends per transaction (docs/bulk-retry.md). */
  RELAY_BULK_RETRY_CHUNK: envInteger(500, { min: 1, max: 5000 }),
  IDEMPOTENCY_TTL_SECONDS: envInteger(24 * 60 * 60, { min: 60 }),
  /** Largest request body ingest stores; above it, 413. */
  INGEST_MAX_BODY_BYTES: envInteger(1024 * 1024, { min: 1024, max: 64 * 1024 * 1024 }),
  /** Requests stored by one statement and one commit. */
  INGEST_BATCH_MAX: envInteger(256, { min: 1, max: 1024 }),
  /** Capture commits in flight at once; beyond the first, one starts only for 40 waiting requests or more (small
   *  batches cost PostgreSQL more per row than the overlap saves). bench/webhook-relay, capture alone, medians of 3
   *  rounds: 2 commits with a 40-request minimum 1.46x-1.54x; with 24: 1.42x; 4 commits: 1.33x; 1 commit: 1.26x. */
  INGEST_CONCURRENT_COMMITS: envInteger(2, { min: 1, max: 64 }),
  /** How long the dashboard chart's counts of events per day wait in the ingest process before they are written;
   *  a crash loses at most this long's counts (from the chart only: allowances are counted exactly at capture). */
  INGEST_USAGE_FLUSH_MS: envInteger(5000, { min: 100, max: 5 * 60 * 1000 }),
  /** Redis for the delivery queues (BullMQ); must persist (appendonly) where queued work matters. */
  REDIS_URL: z.string().url('must be a redis:// URL').default('redis://127.0.0.1:6379'),
  /** Bounded waits on Redis (connect; each command, except the delivery workers' blocking ones). */
  ...redisTimeoutSettings(),
  /** Key prefix of every delivery queue in Redis. */
  RELAY_QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _ . or -')
    .default('relay'),
  /** Run the delivery workers and the reconciler inside the API process (the quick start); else run `worker`. */
  RELAY_WORKERS_IN_PROCESS: envBoolean(false),
  /** The worker process's /healthz and /readyz (probes); the API process serves its own on PORT. */
  WORKER_HEALTH_PORT: envPort(8102),
  /** Waits before each retry of a failing head of line; after the last one it is dead-lettered. */
  RELAY_RETRY_SCHEDULE: z.string().default('5s,5m,30m,2h,5h,10h,10h').transform(parsed(parseDurationList)),
  /** Each wait is drawn from [w * (1 - j), w * (1 + j)]. */
  RELAY_RETRY_JITTER: z.coerce
    .number({ error: 'must be a number between 0 and 1' })
    .min(0, 'must be at least 0')
    .max(1, 'must be at most 1')
    .default(0.2),
  /** Bounds on a destination's Retry-After: a shorter one waits this long, a longer one this long at most. */
  RELAY_RETRY_AFTER_MIN: z.string().default('1s').transform(parsed(parseDuration)),
  RELAY_RETRY_AFTER_MAX: z.string().default('6h').transform(parsed(parseDuration)),
  /** An open circuit breaker's first probe waits this long; each failed probe doubles it, up to the max. */
  RELAY_BREAKER_PROBE_FIRST: z.string().default('30s').transform(parsed(parseDuration)),
  RELAY_BREAKER_PROBE_MAX: z.string().default('1h').transform(parsed(parseDuration)),
  /** CIDRs outbound deliveries may reach even though they are private, loopback, link-local, ... (e.g. 10.1.2.0/24). */
  RELAY_EGRESS_ALLOW: envOptional().transform((value, ctx) => parsed(parseCidrList)(value ?? '', ctx)),
  /** How often each worker process looks for notifications due (docs/notifications.md); at most 1 s, for the 60 s target. */
  RELAY_NOTIFICATION_POLL_MS: envInteger(1000, { min: 50, max: 1000 }),
  /** Waits before each retry of a failing notification; after the last one it is marked failed. */
  RELAY_NOTIFICATION_RETRY_SCHEDULE: z.string().default('10s,1m,5m,30m,2h,6h').transform(parsed(parseDurationList)),
  /** The SMTP relay email notification targets are sent through (smtp:// or smtps://, credentials in the URL); unset: no email targets. */
  RELAY_SMTP_URL: envOptional().pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@smtp.example.com:587')
      .optional(),
  ),
  /** The From address of notification emails. */
  RELAY_SMTP_FROM: z.string().default('webhook-relay <notifications@localhost>'),
  /** Bytes of a destination's response kept with each attempt. */
  RELAY_RESPONSE_EXCERPT_BYTES: envInteger(1024, { min: 0, max: 64 * 1024 }),
  /** How often the reconciler compares pending deliveries with the jobs Redis holds (one worker process per interval). */
  RELAY_RECONCILE_INTERVAL_MS: envInteger(5000, { min: 50, max: 10 * 60 * 1000 }),
  /** A worker process that stops renewing its claims and job locks for this long (crashed) hands its destinations on. */
  RELAY_WORKER_LOCK_MS: envInteger(30_000, { min: 500, max: 10 * 60 * 1000 }),
  /** Destinations one worker process delivers to at once: its bound on Redis work, memory and in-flight requests. */
  RELAY_DELIVERY_CONCURRENCY: envInteger(32, { min: 1, max: 1000 }),
  /** Of those, how many one tenant holds while another tenant's destination waits (all of them when none waits). */
  RELAY_DELIVERY_TENANT_PLACES: envInteger(8, { min: 1, max: 1000 }),
  /** A delivery request unanswered this long moves its destination to the slow lane, freeing its place. */
  RELAY_SLOW_AFTER_MS: envInteger(250, { min: 10, max: 60_000 }),
  /** Destinations one worker process keeps waiting on slow receivers at once (a socket each, no CPU). */
  RELAY_SLOW_LANE_PLACES: envInteger(512, { min: 1, max: 100_000 }),
  /** Of those, how many one tenant's destinations may take. */
  RELAY_SLOW_LANE_TENANT_PLACES: envInteger(128, { min: 1, max: 100_000 }),
  /** Where browsers reach this API; the identity providers' callback is `{RELAY_PUBLIC_URL}/auth/callback`. Default http://127.0.0.1:<PORT>. */
  RELAY_PUBLIC_URL: envOptional().pipe(z.string().url('must be an http(s):// URL').optional()),
  /** Browser sign-in for `webhook-relay login`: a JSON array of identity providers (docs/sign-in in identity-providers.ts). */
  RELAY_SIGN_IN_PROVIDERS: envOptional().transform((value, ctx) => parsed(parseIdentityProviders)(value ?? '', ctx)),
  /** Browser sign-ins one client address may start per minute (per replica); past it /auth/cli/start answers 429. */
  RELAY_SIGN_IN_STARTS_PER_MINUTE: envInteger(20, { min: 1, max: 100_000 }),
  /** How long a web dashboard sign-in lasts (from sign-in, not from the last request); sign-out ends it sooner. */
  RELAY_DASHBOARD_SESSION_TTL_SECONDS: envInteger(8 * 60 * 60, { min: 60, max: 30 * 24 * 60 * 60 }),
  /** Lifetime of the MCP server's OAuth access tokens (short: a revoked grant also stops them at once). */
  RELAY_MCP_ACCESS_TOKEN_TTL_SECONDS: envInteger(15 * 60, { min: 60, max: 24 * 60 * 60 }),
  /** Lifetime of a refresh token; each use returns a new one (rotation). */
  RELAY_MCP_REFRESH_TOKEN_TTL_SECONDS: envInteger(30 * 24 * 60 * 60, { min: 60 * 60, max: 365 * 24 * 60 * 60 }),
  /** More Host headers /mcp answers to (comma-separated host[:port]) besides RELAY_PUBLIC_URL's. */
  RELAY_MCP_ALLOWED_HOSTS: envOptional().transform((value) => commaList(value)),
  /** Origins of browser-based agents allowed to call /mcp (comma-separated) besides RELAY_PUBLIC_URL's. */
  RELAY_MCP_ALLOWED_ORIGINS: envOptional().transform((value) => commaList(value)),
  TRUST_PROXY: envTrustProxy(),
  /** METRICS_ENABLED, METRICS_PORT: /metrics on PORT by default, or on its own port (service-kit's metrics-settings.ts). */
  ...metricsSettings(),
  /**
   * The operator's credential for /admin/* (create tenants, change plans, pause capture, revoke keys, delete
   * tenants). Unset: /admin answers 404. Never a tenant key: it must not start with whk_.
   */
  RELAY_ADMIN_API_KEY: envOptional().refine(
    (key) => key === undefined || (!key.startsWith(API_KEY_PREFIX) && key.length >= 32 && key.length <= 200),
    `must be 32-200 characters long and must not start with ${API_KEY_PREFIX} (tenant keys do)`,
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof ConfigSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig(ConfigSchema, env);
}

export function appDatabaseUrl(config: Pick<Config, 'DATABASE_URL' | 'DATABASE_APP_URL'>): string {
  if (config.DATABASE_APP_URL) return config.DATABASE_APP_URL;
  const url = new URL(config.DATABASE_URL);
  url.username = APP_DATABASE_ROLE;
  url.password = '';
  return url.toString();
}

export function publicApiUrl(config: Pick<Config, 'RELAY_PUBLIC_URL' | 'PORT'>): string {
  return (config.RELAY_PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`).replace(/\/+$/, '');
}

export function ingestBaseUrl(config: Pick<Config, 'RELAY_INGEST_URL' | 'INGEST_PORT'>): string {
  return (config.RELAY_INGEST_URL ?? `http://127.0.0.1:${config.INGEST_PORT}`).replace(/\/+$/, '');
}
