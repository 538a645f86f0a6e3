import type { Logger } from '@workspace/service-kit';
import type { ConnectionPool } from '../db/prisma.js';
import type { TenantDatabase } from '../db/tenant-database.js';
import { recordDestinationTrouble, type DestinationTrouble } from '../domain/issues/record-destination-trouble.js';
import type { Runtime } from '../domain/runtime.js';
import type { SealedValues } from '../domain/sealed-values.js';
import type { RelayMetrics } from '../metrics/relay-metrics.js';
import type { DeliveryQueues } from '../queue/delivery-queues.js';
import { DestinationPacer } from '../queue/destination-pacer.js';
import { RecentlyDone } from './deliver-heads.js';
import { DeliveryDispatcher } from './delivery-dispatcher.js';
import type { LaneSettings } from './delivery-lanes.js';
import { DeliveryReconciler, type ReconcilePass } from './delivery-reconciler.js';
import type { Sender } from './http-sender.js';
import type { RetryPolicy } from './retry-policy.js';
import { deliveryStatements } from './delivery-store.js';
import { TenantConnectionShare } from './tenant-connection-share.js';
import { workDestination } from './work-destination.js';

/** node-postgres's own default, for a pool made without `max`. */
const DEFAULT_POOL_MAX = 10;

/** How long one worker works on a destination before the others that are due get a turn. */
export const DEFAULT_TURN_MS = 1000;

/** The lanes' defaults beside `concurrency` fast places (the service's config sets each; see config.ts). */
export const DEFAULT_LANES: Omit<LaneSettings, 'places'> = {
  placesPerTenant: 8,
  slowAfterMs: 250,
  slowPlaces: 512,
  slowPlacesPerTenant: 128,
};

export interface DeliveryWorkersDeps {
  pool: ConnectionPool;
  tenants: TenantDatabase;
  sealed: SealedValues;
  runtime: Runtime;
  logger: Logger;
  queues: DeliveryQueues;
  sender: Sender;
  policy: RetryPolicy;
  /** Destinations this process works on at once in its fast lane. */
  concurrency: number;
  /** How the places are shared between tenants, and the slow lane (DEFAULT_LANES for what is not given). */
  lanes?: Partial<Omit<LaneSettings, 'places'>>;
  lockMs: number;
  reconcileIntervalMs: number;
  turnMs?: number;
  /** Attempts, dead letters and reconciler repairs counted here (absent: not counted). */
  metrics?: RelayMetrics;
}

/**
 * The delivery side of a worker process: a fixed pool that works on ready destinations (DeliveryDispatcher
 * and workDestination) and the reconciler. Any number of processes may run it on one Redis prefix: each
 * destination's head is sent by one of them at a time. What a process holds is bounded by `concurrency`,
 * whatever the number of destinations.
 */
export class DeliveryWorkers {
  private readonly dispatcher: DeliveryDispatcher;
  private readonly reconciler: DeliveryReconciler;

  constructor(private readonly deps: DeliveryWorkersDeps) {
    const done = new RecentlyDone();
    const lanes: LaneSettings = { ...DEFAULT_LANES, ...deps.lanes, places: deps.concurrency };
    const connections = TenantConnectionShare.forPool(deps.pool.options.max ?? DEFAULT_POOL_MAX);
    const workDeps = {
      ...deps,
      done,
      turnMs: deps.turnMs ?? DEFAULT_TURN_MS,
      slowAfterMs: lanes.slowAfterMs,
      noteTrouble: (trouble: DestinationTrouble) => this.noteTrouble(trouble),
      pacer: new DestinationPacer(deps.queues.commands, deps.queues.prefix),
      statements: deliveryStatements(deps.pool, connections, deps.runtime),
    };
    this.dispatcher = new DeliveryDispatcher({
      queues: deps.queues,
      runtime: deps.runtime,
      logger: deps.logger,
      lanes,
      leaseMs: deps.lockMs,
      work: (destination, place) => workDestination(workDeps, destination, place),
    });
    this.reconciler = new DeliveryReconciler({
      pool: deps.pool,
      queues: deps.queues,
      runtime: deps.runtime,
      logger: deps.logger,
      intervalMs: deps.reconcileIntervalMs,
      metrics: deps.metrics,
    });
  }

  async start(): Promise<void> {
    await this.reconciler.atStart();
    this.reconciler.start();
    await this.dispatcher.start();
  }

  /** A reconciler pass now (a destination was enabled again, say); concurrent calls share it. */
  reconcile(): Promise<ReconcilePass | undefined> {
    return this.reconciler.reconcile();
  }

  /** Destinations this process is working on now. */
  get busy(): number {
    return this.dispatcher.busy;
  }

  private async noteTrouble(trouble: DestinationTrouble): Promise<void> {
    const { disabled } = await this.deps.tenants.run(trouble.tenantId, (tx) => recordDestinationTrouble(tx, this.deps.runtime, trouble));
    if (disabled) this.deps.logger.warn({ destination_id: trouble.destinationId, reason: trouble.disable?.reason }, 'destination disabled');
  }

  /** Stops claiming and reconciling; the jobs in flight finish and their destinations are handed back. */
  async close(): Promise<void> {
    await this.reconciler.close();
    await this.dispatcher.close();
  }
}
