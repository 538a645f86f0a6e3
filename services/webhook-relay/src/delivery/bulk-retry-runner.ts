import { randomUUID } from 'node:crypto';
import type { Logger } from '@workspace/service-kit';
import { relayDueBulkRetries } from '../db/functions/relay-due-bulk-retries.js';
import type { ConnectionPool } from '../db/prisma.js';
import type { TenantDatabase } from '../db/tenant-database.js';
import { claimBulkRetry, releaseBulkRetry } from '../domain/bulk-retries/claim-bulk-retry.js';
import { retryNextChunk } from '../domain/bulk-retries/retry-next-chunk.js';
import type { Runtime } from '../domain/runtime.js';
import type { DeliveryQueues } from '../queue/delivery-queues.js';

/** How often an idle runner looks for bulk retries to run. */
const LOOK_EVERY_MS = 1000;
/** Due jobs read per look; the next look takes the rest. */
const DUE_PER_LOOK = 16;

export interface BulkRetryRunnerDeps {
  pool: ConnectionPool;
  tenants: TenantDatabase;
  runtime: Runtime;
  logger: Logger;
  queues: DeliveryQueues;
  /** How long a job stays with this process without a chunk committed (RELAY_WORKER_LOCK_MS). */
  leaseMs: number;
  /** Dead letters per chunk (RELAY_BULK_RETRY_CHUNK). */
  chunk: number;
  intervalMs?: number;
}

/**
 * Runs bulk retries where the delivery workers run (docs/bulk-retry.md): takes due jobs of every tenant with a lease,
 * one at a time per process, and works each a chunk per transaction until it finishes, is cancelled, or this process
 * stops (it hands the job back). The replays' jobs are added after each chunk commits; the delivery reconciler adds
 * any Redis missed. A process that dies keeps its job until the lease runs out; then another resumes it at its cursor.
 */
export class BulkRetryRunner {
  /** This process, as lease owner. */
  readonly owner = `bulk-retry:${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closing = false;

  constructor(private readonly deps: BulkRetryRunnerDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.pass(), this.deps.intervalMs ?? LOOK_EVERY_MS);
    this.timer.unref();
    void this.pass();
  }

  /** One look now (concurrent calls share it): runs every due job it can claim. */
  pass(): Promise<void> {
    this.running ??= this.runDue().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async runDue(): Promise<void> {
    const { pool, runtime, logger } = this.deps;
    try {
      for (const due of await relayDueBulkRetries(pool, runtime.now(), DUE_PER_LOOK)) {
        if (this.closing) return;
        await this.run(due.tenant_id, due.id);
      }
    } catch (error) {
      logger.warn({ err: error }, 'bulk retry pass failed; the next one goes on');
    }
  }

  private async run(tenantId: string, id: string): Promise<void> {
    const { tenants, runtime, leaseMs, owner } = { ...this.deps, owner: this.owner };
    if (!(await tenants.run(tenantId, (tx) => claimBulkRetry({ tx, tenantId, runtime, id, owner, leaseMs })))) return;
    this.deps.logger.info({ bulkRetryId: id, tenantId }, 'running bulk retry');
    for (;;) {
      if (this.closing) {
        await tenants.run(tenantId, (tx) => releaseBulkRetry({ tx, id, owner }));
        return;
      }
      const outcome = await tenants.run(tenantId, (tx) =>
        retryNextChunk({ tx, tenantId, runtime, id, owner, leaseMs, chunk: this.deps.chunk }),
      );
      if (!outcome.more) return;
      if (outcome.jobs.length)
        await this.deps.queues
          .enqueue(outcome.jobs)
          .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'could not queue bulk-retried deliveries; the reconciler will'));
    }
  }

  /** Stops looking, hands back the job in work after its chunk in flight. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    await this.running;
  }
}
