import type { Logger } from '@workspace/service-kit';
import { relayEventsToFanOut } from '../db/functions/relay-events-to-fan-out.js';
import type { ConnectionPool } from '../db/prisma.js';
import { fanOutEvents } from '../domain/deliveries/fan-out-events.js';
import type { Runtime } from '../domain/runtime.js';
import type { DeliveryQueues } from '../queue/delivery-queues.js';

// An event younger than this may still be on its way through the in-process fan-out.
const SWEEP_GRACE_MS = 10_000;
const SWEEP_BATCH = 1000;

export interface FanOutDeps {
  pool: ConnectionPool;
  queues: DeliveryQueues;
  runtime: Runtime;
  logger: Logger;
}

/**
 * Turns events that are ready for delivery (captured, and checked when their endpoint verifies) into
 * outbox rows, then wakes their destinations' queues. Runs right after capture or verification; events
 * it missed (the process stopped in between) are found again by `sweep`.
 */
export class FanOut {
  private inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: FanOutDeps) {}

  /** Fire and forget: a failure is left to the sweep (the events stay without deliveries in the database). */
  submit(tenantId: string, eventIds: string[]): void {
    if (eventIds.length === 0) return;
    const work = this.fanOut(tenantId, eventIds).catch((error: unknown) =>
      this.deps.logger.warn({ err: error, events: eventIds.length }, 'could not fan out events; the sweep retries'),
    );
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  async fanOut(tenantId: string, eventIds: string[]): Promise<number> {
    const jobs = await fanOutEvents({ pool: this.deps.pool, tenantId, eventIds, now: this.deps.runtime.now() });
    // Committed before queued: if Redis fails here, the reconciler adds the jobs later.
    if (jobs.length) await this.deps.queues.enqueue(jobs);
    return jobs.length;
  }

  async sweep(): Promise<number> {
    const before = new Date(this.deps.runtime.now().getTime() - SWEEP_GRACE_MS);
    const rows = await relayEventsToFanOut(this.deps.pool, before, SWEEP_BATCH);
    const byTenant = new Map<string, string[]>();
    for (const row of rows) byTenant.set(row.tenant_id, [...(byTenant.get(row.tenant_id) ?? []), row.event_id]);
    let total = 0;
    for (const [tenantId, ids] of byTenant) total += await this.fanOut(tenantId, ids);
    return total;
  }

  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }
}
