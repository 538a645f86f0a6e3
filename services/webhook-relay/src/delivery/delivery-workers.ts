import { Worker, type Job } from 'bullmq';
import type { Logger } from '@workspace/service-kit';
import { relayDeliveryDestinations } from '../db/functions/relay-delivery-destinations.js';
import type { ConnectionPool } from '../db/prisma.js';
import type { TenantDatabase } from '../db/tenant-database.js';
import { disableGoneDestination } from '../domain/destinations/disable-gone-destination.js';
import type { Runtime } from '../domain/runtime.js';
import type { SealedValues } from '../domain/sealed-values.js';
import { queueName, type DeliveryJob, type DeliveryQueues } from '../queue/delivery-queues.js';
import { deliverHeads, RecentlyDone } from './deliver-heads.js';
import { pendingDeliveryIds } from './delivery-store.js';
import type { HttpSender } from './http-sender.js';
import type { RetryPolicy } from './retry-policy.js';

export interface DeliveryWorkersDeps {
  pool: ConnectionPool;
  tenants: TenantDatabase;
  sealed: SealedValues;
  runtime: Runtime;
  logger: Logger;
  queues: DeliveryQueues;
  sender: HttpSender;
  policy: RetryPolicy;
  lockMs: number;
  reconcileIntervalMs: number;
}

/** Jobs the reconciler adds for one destination at most per pass (a long backlog is woken in steps). */
const RECONCILE_BATCH = 10_000;

/**
 * One BullMQ worker (concurrency 1) per enabled destination, and the reconciler: every interval it
 * finds new, disabled and deleted destinations, and re-creates jobs for outbox rows Redis lost (a
 * restart without persistence, a flush, a crash between commit and enqueue), in FIFO order.
 */
export class DeliveryWorkers {
  private readonly workers = new Map<string, Worker<DeliveryJob>>();
  private readonly done = new RecentlyDone();
  private timer: NodeJS.Timeout | undefined;
  private reconciling: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly deps: DeliveryWorkersDeps) {}

  async start(): Promise<void> {
    await this.reconcile();
    this.timer = setInterval(() => void this.reconcile(), this.deps.reconcileIntervalMs);
    this.timer.unref();
  }

  /** One pass; concurrent calls share it. */
  reconcile(): Promise<void> {
    this.reconciling ??= this.reconcileOnce()
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'delivery reconciler pass failed; the next one retries'))
      .finally(() => {
        this.reconciling = undefined;
      });
    return this.reconciling;
  }

  private async reconcileOnce(): Promise<void> {
    if (this.closed) return;
    const rows = await relayDeliveryDestinations(this.deps.pool);
    const live = new Set(rows.map((row) => row.destination_id));
    for (const destinationId of [...this.workers.keys()]) if (!live.has(destinationId)) await this.stopWorker(destinationId);
    for (const row of rows) {
      this.ensureWorker(row.destination_id);
      const pending = Number(row.pending);
      if (pending === 0) continue;
      if ((await this.deps.queues.jobCount(row.destination_id)) >= pending) continue;
      const ids = await pendingDeliveryIds(this.deps.pool, row.tenant_id, row.destination_id, RECONCILE_BATCH);
      await this.deps.queues.enqueue(ids.map((deliveryId) => ({ tenantId: row.tenant_id, destinationId: row.destination_id, deliveryId })));
      this.deps.logger.info(
        { destination_id: row.destination_id, pending, jobs_added: ids.length },
        'reconciler woke deliveries that had no job',
      );
    }
  }

  private ensureWorker(destinationId: string): void {
    if (this.workers.has(destinationId) || this.closed) return;
    const queue = this.deps.queues.queue(destinationId);
    const deliverDeps = { ...this.deps, disableGone: (data: DeliveryJob, reason: string) => this.gone(data, reason) };
    const processJob = (job: Job<DeliveryJob>, token?: string) =>
      deliverHeads(
        deliverDeps,
        job,
        (ms) => queue.rateLimit(Math.max(1, ms)),
        this.done,
        (ms) => job.moveToDelayed(Date.now() + ms, token),
      );
    const worker = new Worker<DeliveryJob>(queueName(destinationId), processJob, {
      connection: this.deps.queues.connection,
      prefix: this.deps.queues.prefix,
      // Strict FIFO: one job at a time per destination.
      concurrency: 1,
      lockDuration: this.deps.lockMs,
      stalledInterval: this.deps.lockMs,
      // A crashed worker's job is run again however often it happens: dropping it would lose the delivery.
      maxStalledCount: Number.MAX_SAFE_INTEGER,
      removeOnComplete: { count: 0 },
      removeOnFail: { count: 0 },
    });
    worker.on('error', (error) => this.deps.logger.warn({ err: error, destination_id: destinationId }, 'delivery worker error'));
    worker.on('failed', (job, error) =>
      this.deps.logger.warn(
        { err: error, delivery_id: job?.data.deliveryId, destination_id: destinationId },
        'delivery job failed; the reconciler wakes it again',
      ),
    );
    this.workers.set(destinationId, worker);
  }

  private async gone(job: DeliveryJob, reason: string): Promise<void> {
    const disabled = await this.deps.tenants.run(job.tenantId, (tx) =>
      disableGoneDestination({
        tx,
        tenantId: job.tenantId,
        runtime: this.deps.runtime,
        destinationId: job.destinationId,
        deliveryId: job.deliveryId,
        reason,
      }),
    );
    if (disabled) this.deps.logger.warn({ destination_id: job.destinationId }, 'destination answered 410 Gone: disabled');
  }

  private async stopWorker(destinationId: string): Promise<void> {
    const worker = this.workers.get(destinationId);
    this.workers.delete(destinationId);
    await worker?.close();
  }

  get workerCount(): number {
    return this.workers.size;
  }

  /** Stops taking jobs, lets the ones running finish, closes every worker. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.reconciling;
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    this.workers.clear();
  }
}
