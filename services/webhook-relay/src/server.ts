import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  installGracefulShutdown,
  keepIdleConnectionsOpen,
  listenOn,
  metricsServer,
  migrateOnStart,
  redisOptions,
  redisTimeoutsFrom,
  registerRedisMetrics,
} from '@workspace/service-kit';
import { createApp } from './app.js';
import { readConfig } from './config.js';
import { assertRowLevelSecurityApplies } from './db/app-role-check.js';
import { assertMasterKeysOpenDataKeys } from './db/master-key-check.js';
import { connectResources, masterKeys } from './deps.js';
import { ensureBootstrapTenant } from './domain/tenants/ensure-bootstrap-tenant.js';
import { applyPlanAllowances } from './domain/tenants/plan-allowances.js';
import { applyPlanRetention } from './domain/retention/plan-retention.js';
import { startDelivery } from './delivery/start-delivery.js';
import { createIngest } from './ingest/create-ingest.js';
import { RedisSessionStore } from '@workspace/service-kit/sessions';
import { sessionSecretsFrom } from './dashboard/dashboard-sessions.js';
import { EventNotices } from './live/event-notices.js';
import { LiveEvents } from './live/live-events.js';

const serviceRoot = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = readConfig();
  const resources = connectResources(config);
  const { logger } = resources;

  // Migrations run as the owner (DATABASE_URL); the service itself connects as the application role.
  if (config.MIGRATE_ON_START) await migrateOnStart({ databaseUrl: config.DATABASE_URL, serviceRoot, logger });
  await assertRowLevelSecurityApplies(resources.pool);
  await assertMasterKeysOpenDataKeys(resources.pool, resources.keyProvider);
  await applyPlanAllowances(resources.pool, config.RELAY_PLAN_ALLOWANCES);
  await applyPlanRetention(resources.pool, config.RELAY_PLAN_RETENTION_DAYS);
  if (config.RELAY_BOOTSTRAP_API_KEY) {
    const outcome = await ensureBootstrapTenant({
      pool: resources.pool,
      tenants: resources.tenants,
      runtime: resources.runtime,
      apiKey: config.RELAY_BOOTSTRAP_API_KEY,
      plan: config.RELAY_BOOTSTRAP_PLAN,
    });
    logger.info(
      outcome === 'created' ? 'created the first tenant for RELAY_BOOTSTRAP_API_KEY' : 'RELAY_BOOTSTRAP_API_KEY opens an existing tenant',
    );
  }

  const delivery = startDelivery(config, resources, { workers: config.RELAY_WORKERS_IN_PROCESS });
  await delivery.start();
  registerRedisMetrics(resources.metrics.service, { queues: delivery.queues.commands });
  // The dashboard's sessions and live feed share the delivery queues' Redis; the feed's subscriber
  // connection opens only while a page is listening. Ingest publishes notices only for tenants some
  // process listens to (docs/dashboard.md, "The live feed"): its own subscriber connection, for those
  // announcements, opens at the first captured batch.
  const redis = delivery.queues.connection;
  // Sessions and the feed are on request paths: their commands (and the feed's subscriber, a copy) answer or fail
  // within REDIS_COMMAND_TIMEOUT_MS, then 503; never the workers' connection, which has no command timeout.
  const requestRedis = redis.duplicate(redisOptions('commands', redisTimeoutsFrom(config)));
  const onRedisError = (error: unknown) => logger.warn({ err: error }, 'the live event feed lost Redis');
  const live = new LiveEvents(() => requestRedis.duplicate(), config.RELAY_QUEUE_PREFIX, onRedisError, { commands: requestRedis });
  const notices = new EventNotices(redis, config.RELAY_QUEUE_PREFIX, onRedisError);
  const dashboard = {
    store: new RedisSessionStore(requestRedis, {
      prefix: `${config.RELAY_QUEUE_PREFIX}:dashboard-session:`,
      ttlSeconds: config.RELAY_DASHBOARD_SESSION_TTL_SECONDS,
      cacheMilliseconds: 0,
    }),
    secrets: sessionSecretsFrom(masterKeys(config)),
    ttlSeconds: config.RELAY_DASHBOARD_SESSION_TTL_SECONDS,
  };
  const server = keepIdleConnectionsOpen(createServer(createApp({ ...resources, delivery, dashboard, live })));
  const ingest = createIngest(resources, {
    notices,
    maxBodyBytes: config.INGEST_MAX_BODY_BYTES,
    maxBatch: config.INGEST_BATCH_MAX,
    concurrentCommits: config.INGEST_CONCURRENT_COMMITS,
    usageFlushMs: config.INGEST_USAGE_FLUSH_MS,
    fanOut: delivery.fanOut,
  });
  // METRICS_PORT: /metrics on a port of its own, which no Ingress routes to (else the API app serves it).
  const ownMetricsPort = config.METRICS_ENABLED ? config.METRICS_PORT : undefined;
  const metricsListener = ownMetricsPort === undefined ? undefined : metricsServer(resources.metrics.service);
  installGracefulShutdown(server, {
    logger,
    // Open dashboards' live feeds never finish on their own: end them first (their pages reconnect elsewhere).
    drain: () => live.drain(),
    closers: [
      ...(metricsListener
        ? [{ name: 'metrics listener', close: () => new Promise<void>((resolve) => metricsListener.close(() => resolve())) }]
        : []),
      // Writes the last counts of events per day once the listener has stopped (what a crash would lose).
      { name: 'ingest listener', close: () => ingest.close() },
      { name: 'live feed notices', close: async () => notices.close() },
      { name: 'live event feed', close: () => live.close() },
      { name: 'sessions and live feed Redis', close: async () => requestRedis.disconnect() },
      { name: 'delivery', close: () => delivery.close() },
      { name: 'database', close: () => resources.close() },
      { name: 'log buffer', close: async () => logger.flush() },
    ],
  });
  const port = await listenOn(server, { port: config.PORT, host: config.HOST, setting: 'PORT' });
  logger.info({ port, host: config.HOST }, 'webhook-relay API listening');
  const ingestPort = await listenOn(ingest.server, { port: config.INGEST_PORT, host: config.HOST, setting: 'INGEST_PORT' });
  logger.info({ port: ingestPort, host: config.HOST }, 'webhook-relay ingest listening');
  if (metricsListener) {
    const metricsPort = await listenOn(metricsListener, { port: ownMetricsPort ?? 0, host: config.HOST, setting: 'METRICS_PORT' });
    logger.info({ port: metricsPort, host: config.HOST }, 'webhook-relay metrics listening');
  }
  logger.flush();
}

main().catch((error: unknown) => {
  process.stderr.write(`webhook-relay failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
