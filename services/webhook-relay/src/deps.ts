import { createLogger, pgTimeoutsFrom, redisTimeoutsFrom, ServiceMetrics, type Logger } from '@workspace/service-kit';
import { appDatabaseUrl, ingestBaseUrl, publicApiUrl, type Config } from './config.js';
import type { KeyProvider } from './crypto/key-provider.js';
import { MasterKeyProvider, parseMasterKey } from './crypto/master-key-provider.js';
import { TenantKeyring } from './crypto/tenant-keyring.js';
import { LONG_STATEMENTS, openDatabase, type ConnectionPool, type Database } from './db/prisma.js';
import { TenantDatabase } from './db/tenant-database.js';
import { systemRuntime, type Runtime } from './domain/runtime.js';
import { SealedValues } from './domain/sealed-values.js';
import { EgressGuard } from './delivery/egress-guard.js';
import { HttpSender } from './delivery/http-sender.js';
import type { RetryPolicy } from './delivery/retry-policy.js';
import { registerRelayGauges, relayMetrics, type RelayMetrics } from './metrics/relay-metrics.js';
import { connectRedis, DeliveryQueues } from './queue/delivery-queues.js';
import type { DashboardSessionSettings } from './dashboard/dashboard-sessions.js';
import type { LiveEvents } from './live/live-events.js';
import type { SignInSettings } from './sign-in/identity-providers.js';
import { mcpSettings, type McpSettings } from './mcp/mcp-settings.js';
import { oauthSettings } from './mcp/oauth/oauth-settings.js';

/** Everything the app needs from the outside world; tests build their own (own database, pinned runtime). */
export interface Deps {
  pool: ConnectionPool;
  tenants: TenantDatabase;
  sealed: SealedValues;
  runtime: Runtime;
  logger: Logger;
  config: {
    ingestBaseUrl: string;
    IDEMPOTENCY_TTL_SECONDS: number;
    TRUST_PROXY: Config['TRUST_PROXY'];
    /** Set: /metrics is served on its own port, not by the API app. */
    METRICS_PORT?: number | undefined;
    /** The operator's credential for /admin/* (absent: /admin answers 404). */
    RELAY_ADMIN_API_KEY?: string | undefined;
    /** RELAY_SMTP_URL is set: email notification targets may be registered (docs/notifications.md). */
    notificationEmail?: boolean | undefined;
  };
  /** The delivery egress rules (RELAY_EGRESS_ALLOW): a destination URL at an IP literal they refuse is refused at once. */
  egressGuard: EgressGuard;
  /** The relay's metrics (absent: nothing recorded and no /metrics). */
  metrics?: RelayMetrics;
  /** The delivery queues (absent: the API serves destinations but cannot queue replays). */
  delivery?: { queues: DeliveryQueues; wake(): void };
  /** Browser sign-in for the CLI (absent or no providers: /auth/* answers 404). */
  signIn?: SignInSettings;
  /** The web dashboard's sessions (absent: /v1 takes API keys only and /auth/session answers 404). */
  dashboard?: DashboardSessionSettings;
  /** The live event feed behind GET /v1/events/stream (absent: that route answers 404); it also wakes triggers.wait. */
  live?: LiveEvents;
  /** The MCP server and its OAuth authorization server (absent: /mcp, /oauth/* and the metadata answer 404). */
  mcp?: McpSettings;
}

export interface Resources extends Deps {
  metrics: RelayMetrics;
  db: Database;
  keyProvider: KeyProvider;
  close(): Promise<void>;
}

/** The current master key first, then the previous ones (a rotation in progress). */
export function masterKeys(config: Pick<Config, 'RELAY_MASTER_KEY' | 'RELAY_MASTER_KEY_PREVIOUS'>): Buffer[] {
  const previous = (config.RELAY_MASTER_KEY_PREVIOUS ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return [
    parseMasterKey(config.RELAY_MASTER_KEY, 'RELAY_MASTER_KEY'),
    ...previous.map((value) => parseMasterKey(value, 'RELAY_MASTER_KEY_PREVIOUS')),
  ];
}

export function masterKeyProvider(config: Pick<Config, 'RELAY_MASTER_KEY' | 'RELAY_MASTER_KEY_PREVIOUS'>): MasterKeyProvider {
  const [current, ...previous] = masterKeys(config);
  return new MasterKeyProvider({ current: current!, previous });
}

export function retryPolicy(
  config: Pick<
    Config,
    | 'RELAY_RETRY_SCHEDULE'
    | 'RELAY_RETRY_JITTER'
    | 'RELAY_RETRY_AFTER_MIN'
    | 'RELAY_RETRY_AFTER_MAX'
    | 'RELAY_BREAKER_PROBE_FIRST'
    | 'RELAY_BREAKER_PROBE_MAX'
  >,
): RetryPolicy {
  return {
    schedule: config.RELAY_RETRY_SCHEDULE,
    jitter: config.RELAY_RETRY_JITTER,
    retryAfterMin: config.RELAY_RETRY_AFTER_MIN,
    retryAfterMax: config.RELAY_RETRY_AFTER_MAX,
    probeFirstMs: config.RELAY_BREAKER_PROBE_FIRST,
    probeMaxMs: config.RELAY_BREAKER_PROBE_MAX,
  };
}

/** How a worker process shares its places between tenants, and its slow lane (docs/delivery.md#sharing-between-tenants). */
export function deliveryLanes(config: Config) {
  return {
    placesPerTenant: config.RELAY_DELIVERY_TENANT_PLACES,
    slowAfterMs: config.RELAY_SLOW_AFTER_MS,
    slowPlaces: config.RELAY_SLOW_LANE_PLACES,
    slowPlacesPerTenant: config.RELAY_SLOW_LANE_TENANT_PLACES,
  };
}

/** Redis, the queues and the outbound HTTP client: what the delivery workers and the fan-out use. */
export function connectDelivery(config: Config) {
  const redisTimeouts = redisTimeoutsFrom(config);
  const queues = new DeliveryQueues(connectRedis(config.REDIS_URL, redisTimeouts), config.RELAY_QUEUE_PREFIX, redisTimeouts);
  const sender = new HttpSender(new EgressGuard(config.RELAY_EGRESS_ALLOW), config.RELAY_RESPONSE_EXCERPT_BYTES);
  return {
    queues,
    sender,
    policy: retryPolicy(config),
    async close() {
      await queues.close();
      await sender.close();
      queues.connection.disconnect();
    },
  };
}

/** `poolSize`: the worker process passes WORKER_DATABASE_POOL_SIZE; the API process keeps DATABASE_POOL_SIZE. */
export function connectResources(config: Config, { poolSize = config.DATABASE_POOL_SIZE }: { poolSize?: number } = {}): Resources {
  const logger = createLogger({ service: 'webhook-relay', level: config.LOG_LEVEL, buffered: config.NODE_ENV === 'production' });
  const database = openDatabase(
    appDatabaseUrl(config),
    poolSize,
    (error) => logger.warn({ err: error }, 'an idle database connection was closed by the server'),
    pgTimeoutsFrom(config, LONG_STATEMENTS),
  );
  const keyProvider = masterKeyProvider(config);
  const metrics = relayMetrics(new ServiceMetrics({ enabled: config.METRICS_ENABLED, service: 'webhook-relay' }));
  registerRelayGauges(metrics, database.pool, systemRuntime, (error) =>
    logger.warn({ err: error }, 'could not read the outbox for /metrics'),
  );
  return {
    db: database.db,
    keyProvider,
    pool: database.pool,
    tenants: new TenantDatabase(database.db),
    sealed: new SealedValues(new TenantKeyring({ provider: keyProvider })),
    runtime: systemRuntime,
    logger,
    egressGuard: new EgressGuard(config.RELAY_EGRESS_ALLOW),
    metrics,
    config: {
      ingestBaseUrl: ingestBaseUrl(config),
      IDEMPOTENCY_TTL_SECONDS: config.IDEMPOTENCY_TTL_SECONDS,
      TRUST_PROXY: config.TRUST_PROXY,
      METRICS_PORT: config.METRICS_PORT,
      RELAY_ADMIN_API_KEY: config.RELAY_ADMIN_API_KEY,
      notificationEmail: config.RELAY_SMTP_URL !== undefined,
    },
    signIn: {
      providers: config.RELAY_SIGN_IN_PROVIDERS,
      publicUrl: publicApiUrl(config),
      startsPerMinute: config.RELAY_SIGN_IN_STARTS_PER_MINUTE,
    },
    mcp: mcpSettings(
      oauthSettings({
        publicUrl: publicApiUrl(config),
        masterKeys: masterKeys(config),
        accessTokenTtlSeconds: config.RELAY_MCP_ACCESS_TOKEN_TTL_SECONDS,
        refreshTokenTtlSeconds: config.RELAY_MCP_REFRESH_TOKEN_TTL_SECONDS,
      }),
      config.RELAY_MCP_ALLOWED_HOSTS,
      config.RELAY_MCP_ALLOWED_ORIGINS,
    ),
    close: () => database.close(),
  };
}
