import type { Logger } from '@workspace/service-kit';
import type { ConnectionPool } from '../db/prisma.js';
import type { TenantDatabase } from '../db/tenant-database.js';
import { verifyCapturedEvent } from '../domain/events/verify-captured-event.js';
import type { Runtime } from '../domain/runtime.js';
import type { SealedValues } from '../domain/sealed-values.js';

export interface VerificationQueueDeps {
  pool: ConnectionPool;
  tenants: TenantDatabase;
  runtime: Runtime;
  sealed: SealedValues;
  logger: Logger;
  ingestBase: string;
  concurrency?: number;
}

const SWEEP_BATCH = 200;
// An event younger than this may still be on its way through the in-process queue.
const SWEEP_GRACE_MS = 10_000;

/**
 * Verification after the commit, off the request path. Events whose verification never ran (the
 * process stopped in between) are found again by `sweep`, at start and then periodically.
 */
export class VerificationQueue {
  private readonly waiting: Array<{ tenantId: string; eventId: string }> = [];
  private running = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly deps: VerificationQueueDeps) {}

  enqueue(items: Array<{ tenantId: string; eventId: string }>): void {
    this.waiting.push(...items);
    this.pump();
  }

  /** Queues every event captured earlier than the grace period and never checked. */
  async sweep(): Promise<number> {
    const before = new Date(this.deps.runtime.now().getTime() - SWEEP_GRACE_MS);
    const { rows } = await this.deps.pool.query<{ tenant_id: string; event_id: string }>('SELECT * FROM relay_unchecked_events($1, $2)', [before, SWEEP_BATCH]);
    this.enqueue(rows.map((row) => ({ tenantId: row.tenant_id, eventId: row.event_id })));
    return rows.length;
  }

  /** Resolves when nothing is queued or running (tests, shutdown). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    const limit = this.deps.concurrency ?? 4;
    while (this.running < limit && this.waiting.length > 0) {
      const item = this.waiting.shift()!;
      this.running += 1;
      void this.verify(item).finally(() => {
        this.running -= 1;
        this.pump();
        if (this.running === 0 && this.waiting.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      });
    }
  }

  private async verify({ tenantId, eventId }: { tenantId: string; eventId: string }): Promise<void> {
    const { tenants, runtime, sealed, ingestBase } = this.deps;
    try {
      await tenants.run(tenantId, (tx) => verifyCapturedEvent({ tx, tenantId, eventId, runtime, sealed, ingestBase }));
    } catch (error) {
      // Left unchecked: the next sweep tries again.
      this.deps.logger.warn({ err: error, eventId }, 'could not verify a captured event; will retry');
    }
  }
}
