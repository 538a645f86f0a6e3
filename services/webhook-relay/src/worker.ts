import { fileURLToPath } from 'node:url';
import { listenOn, migrateOnStart, registerRedisMetrics } from '@workspace/service-kit';
import { readConfig } from './config.js';
import { assertRowLevelSecurityApplies } from './db/app-role-check.js';
import { assertMasterKeysOpenDataKeys } from './db/master-key-check.js';
import { connectDelivery, deliveryLanes, connectResources } from './deps.js';
import { DeliveryWorkers } from './delivery/delivery-workers.js';
import { workerHealthServer } from './delivery/worker-health.js';
import { RetentionPurger } from './retention/retention-purger.js';
import { BulkRetryRunner } from './delivery/bulk-retry-runner.js';
import { applyPlanRetention } from './domain/retention/plan-retention.js';
import { notifierFor } from './notifications/notifier-for.js';

const serviceRoot = fileURLToPath(new URL('..', import.meta.url));

/** The delivery workers, the reconciler and the retention purge on their own (`pnpm --filter ./services/webhook-relay worker`). */
async function main(): Promise<void> {
  const config = readConfig();
  const resources = connectResources(config, { poolSize: config.WORKER_DATABASE_POOL_SIZE });
  const { logger } = resources;
  if (config.MIGRATE_ON_START) await migrateOnStart({ databaseUrl: config.DATABASE_URL, serviceRoot, logger });
  await assertRowLevelSecurityApplies(resources.pool);
  await assertMasterKeysOpenDataKeys(resources.pool, resources.keyProvider);
  // The purge runs here: the windows it applies are this process's configuration too.
  await applyPlanRetention(resources.pool, config.RELAY_PLAN_RETENTION_DAYS);
  const delivery = connectDelivery(config);
  const workers = new DeliveryWorkers({
    ...resources,
    queues: delivery.queues,
    sender: delivery.sender,
    policy: delivery.policy,
    concurrency: config.RELAY_DELIVERY_CONCURRENCY,
    lanes: deliveryLanes(config),
    lockMs: config.RELAY_WORKER_LOCK_MS,
    reconcileIntervalMs: config.RELAY_RECONCILE_INTERVAL_MS,
  });
  registerRedisMetrics(resources.metrics.service, { queues: delivery.queues.commands });
  // The probe port is bound before any job is taken, so a taken port fails the start cleanly.
  const health = workerHealthServer({ pool: resources.pool, redis: delivery.queues.commands, metrics: resources.metrics.service });
  const healthPort = await listenOn(health, { port: config.WORKER_HEALTH_PORT, host: config.HOST, setting: 'WORKER_HEALTH_PORT' });
  logger.info({ port: healthPort, host: config.HOST }, 'webhook-relay worker probes listening');
  await workers.start();
  const purger = new RetentionPurger({
    pool: resources.pool,
    runtime: resources.runtime,
    logger,
    intervalMs: config.RELAY_RETENTION_INTERVAL_MS,
    batch: config.RELAY_RETENTION_BATCH,
  });
  purger.start();
  const notifier = notifierFor(config, resources, delivery.sender);
  notifier.start();
  const bulkRetries = new BulkRetryRunner({
    ...resources,
    queues: delivery.queues,
    leaseMs: config.RELAY_WORKER_LOCK_MS,
    chunk: config.RELAY_BULK_RETRY_CHUNK,
  });
  bulkRetries.start();
  logger.info(
    { concurrency: config.RELAY_DELIVERY_CONCURRENCY, prefix: config.RELAY_QUEUE_PREFIX, healthPort },
    'webhook-relay delivery workers running',
  );
  logger.flush();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping delivery workers: finishing the deliveries in flight');
    health.close();
    await notifier.close();
    await bulkRetries.close();
    await purger.close();
    await workers.close();
    await delivery.close();
    await resources.close();
    logger.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`webhook-relay worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
