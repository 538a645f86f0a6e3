import type { Config } from '../config.js';
import { connectDelivery, deliveryLanes, type Resources } from '../deps.js';
import { DeliveryWorkers } from './delivery-workers.js';
import { FanOut } from './fan-out.js';
import { RetentionPurger } from '../retention/retention-purger.js';
import { notifierFor } from '../notifications/notifier-for.js';
import { BulkRetryRunner } from './bulk-retry-runner.js';

const FAN_OUT_SWEEP_INTERVAL_MS = 5_000;

/** Redis queues and the fan-out for the API process; the workers too when they run in it. */
export function startDelivery(config: Config, resources: Resources, options: { workers: boolean }) {
  const delivery = connectDelivery(config);
  const { pool, runtime, logger } = resources;
  const fanOut = new FanOut({ pool, queues: delivery.queues, runtime, logger });
  const workers = options.workers
    ? new DeliveryWorkers({
        ...resources,
        queues: delivery.queues,
        sender: delivery.sender,
        policy: delivery.policy,
        concurrency: config.RELAY_DELIVERY_CONCURRENCY,
        lanes: deliveryLanes(config),
        lockMs: config.RELAY_WORKER_LOCK_MS,
        reconcileIntervalMs: config.RELAY_RECONCILE_INTERVAL_MS,
      })
    : undefined;
  // Retention runs where the workers run (docs/retention.md#where-it-runs).
  const purger = options.workers
    ? new RetentionPurger({ pool, runtime, logger, intervalMs: config.RELAY_RETENTION_INTERVAL_MS, batch: config.RELAY_RETENTION_BATCH })
    : undefined;
  // Bulk retries run where the workers run too (docs/bulk-retry.md).
  const bulkRetries = options.workers
    ? new BulkRetryRunner({
        ...resources,
        queues: delivery.queues,
        leaseMs: config.RELAY_WORKER_LOCK_MS,
        chunk: config.RELAY_BULK_RETRY_CHUNK,
      })
    : undefined;
  // Notifications are sent where the workers run (docs/notifications.md#where-it-runs).
  const notifier = options.workers ? notifierFor(config, resources, delivery.sender) : undefined;
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    void fanOut
      .sweep()
      .catch((error: unknown) => logger.warn({ err: error }, 'could not look for events to fan out'))
      .finally(() => {
        sweeping = false;
      });
  };
  const timer = setInterval(sweep, FAN_OUT_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    fanOut,
    workers,
    queues: delivery.queues,
    wake: () => void workers?.reconcile(),
    start: async () => {
      sweep();
      await workers?.start();
      purger?.start();
      notifier?.start();
      bulkRetries?.start();
    },
    async close() {
      clearInterval(timer);
      await notifier?.close();
      await bulkRetries?.close();
      await purger?.close();
      await workers?.close();
      await fanOut.idle();
      await delivery.close();
    },
  };
}
