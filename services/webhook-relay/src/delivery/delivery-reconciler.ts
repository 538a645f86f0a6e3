import { randomUUID } from 'node:crypto';
import type { Logger } from '@workspace/service-kit';
import { relayPendingDestinations } from '../db/functions/relay-pending-destinations.js';
import type { ConnectionPool } from '../db/prisma.js';
import type { Runtime } from '../domain/runtime.js';
import type { RelayMetrics } from '../metrics/relay-metrics.js';
import type { DeliveryQueues } from '../queue/delivery-queues.js';
import type { DestinationRef } from '../queue/ready-destinations.js';
import { pendingDeliveryIds } from './delivery-store.js';

/** Jobs the reconciler adds for one destination at most per pass (a long backlog is woken in steps). */
export const RECONCILE_BATCH = 10_000;
/** Destinations whose Redis state one pass checks at the same time. */
const CHECKS_AT_ONCE = 32;

export interface DeliveryReconcilerDeps {
  pool: ConnectionPool;
  queues: DeliveryQueues;
  runtime: Runtime;
  logger: Logger;
  intervalMs: number;
  /** Repairs counted by kind (absent: not counted). */
  metrics?: RelayMetrics | undefined;
}

export interface ReconcilePass {
  /** Destinations with pending deliveries looked at. */
  destinations: number;
  /** Jobs re-created for deliveries Redis had lost. */
  jobsAdded: number;
  /** Destinations marked ready again after Redis lost their entry. */
  markedReady: number;
}

/**
 * Repairs what Redis lost (a restart without persistence, a flush, a crash between commit and enqueue):
 * for every enabled destination with pending deliveries, and only those, it re-creates missing jobs in FIFO
 * order and makes sure the destination is marked ready. The periodic pass runs in one worker process per
 * interval (a turn taken in Redis), so more worker processes do not multiply the work, and so does the pass
 * of processes starting together (`atStart`); `reconcile()` runs a pass here at once (a destination was enabled
 * again, say).
 */
/** `now`: asked for (a destination enabled again); `periodic`: the interval's turn; `start`: a process starting. */
type PassKind = 'now' | 'periodic' | 'start';
const START_TURN = 'reconciler-start';

export class DeliveryReconciler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ReconcilePass | undefined> | undefined;
  private readonly token = randomUUID();
  private closed = false;

  constructor(private readonly deps: DeliveryReconcilerDeps) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.deps.intervalMs);
    this.timer.unref();
  }

  /** One pass now; concurrent calls share it. */
  reconcile(): Promise<ReconcilePass | undefined> {
    return this.pass('now');
  }

  /** The periodic pass: runs only when this process takes the interval's turn (undefined otherwise). */
  tick(): Promise<ReconcilePass | undefined> {
    return this.pass('periodic');
  }

  /**
   * The pass a starting process makes, unless another process's start-up pass is under way: worker processes
   * started together (a deployment, a scale-up) make one pass between them, not one each. The turn is given back
   * when the pass ends, so a process started later makes its own.
   */
  atStart(): Promise<ReconcilePass | undefined> {
    return this.pass('start');
  }

  private pass(kind: PassKind): Promise<ReconcilePass | undefined> {
    this.running ??= this.passOnce(kind)
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'delivery reconciler pass failed; the next one retries');
        return undefined;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async passOnce(kind: PassKind): Promise<ReconcilePass | undefined> {
    const { queues, intervalMs } = this.deps;
    if (this.closed) return undefined;
    if (kind === 'periodic' && !(await queues.ready.takeTurn('reconciler', this.token, Math.floor(intervalMs * 0.9)))) return undefined;
    if (kind !== 'start') return this.repair();
    // Held at most an interval, should this process die in the middle of its pass.
    if (!(await queues.ready.takeTurn(START_TURN, this.token, intervalMs))) return undefined;
    try {
      return await this.repair();
    } finally {
      await queues.ready.giveBackTurn(START_TURN, this.token).catch(() => undefined);
    }
  }

  private async repair(): Promise<ReconcilePass> {
    const { pool, queues, runtime, logger } = this.deps;
    const startedAt = performance.now();
    const rows = await relayPendingDestinations(pool, RECONCILE_BATCH);
    const result: ReconcilePass = { destinations: rows.length, jobsAdded: 0, markedReady: 0 };
    const complete: DestinationRef[] = [];
    for (let start = 0; start < rows.length; start += CHECKS_AT_ONCE) {
      await Promise.all(
        rows.slice(start, start + CHECKS_AT_ONCE).map(async (row) => {
          const pending = Number(row.pending);
          if ((await queues.jobCount(row.destination_id)) >= pending) {
            complete.push({ tenantId: row.tenant_id, destinationId: row.destination_id });
            return;
          }
          const ids = await pendingDeliveryIds(pool, row.tenant_id, row.destination_id, RECONCILE_BATCH);
          await queues.enqueue(
            ids.map((deliveryId) => ({ tenantId: row.tenant_id, destinationId: row.destination_id, deliveryId })),
            runtime.now().getTime(),
          );
          result.jobsAdded += ids.length;
          logger.info(
            { destination_id: row.destination_id, pending, jobs_added: ids.length },
            'reconciler woke deliveries that had no job',
          );
        }),
      );
    }
    result.markedReady = await queues.ready.ensure(complete, runtime.now().getTime());
    if (result.jobsAdded > 0) this.deps.metrics?.reconcilerRepairs.inc({ repair: 'jobs_added' }, result.jobsAdded);
    if (result.markedReady > 0) this.deps.metrics?.reconcilerRepairs.inc({ repair: 'destinations_marked_ready' }, result.markedReady);
    if (result.markedReady > 0) logger.info({ destinations: result.markedReady }, 'reconciler marked destinations ready again');
    logger.debug(
      {
        destinations: result.destinations,
        jobs_added: result.jobsAdded,
        duration_ms: Math.round((performance.now() - startedAt) * 10) / 10,
      },
      'reconciler pass',
    );
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }
}
