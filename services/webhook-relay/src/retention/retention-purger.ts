import type { Logger } from '@workspace/service-kit';
import type { ConnectionPool } from '../db/prisma.js';
import type { Runtime } from '../domain/runtime.js';
import { purgeExpired, type PurgeTotals } from '../domain/retention/purge-expired.js';

/** Calls per pass at most (of each step); a larger backlog is carried on by the next pass. */
const MAX_BATCHES_PER_PASS = 200;

/**
 * Runs the retention purge every `intervalMs` where the delivery workers run (the worker process, or the API
 * process with RELAY_WORKERS_IN_PROCESS). Any number of such processes may run it: the purge's lock lets one
 * work at a time and the others return at once. A pass with nothing to create or drop reads event_partitions
 * and each plan's (normally empty) default partition, and nothing per tenant.
 */
export class RetentionPurger {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<PurgeTotals | undefined> | undefined;

  constructor(private readonly deps: { pool: ConnectionPool; runtime: Runtime; logger: Logger; intervalMs: number; batch: number }) {}

  start(): void {
    this.timer = setInterval(() => void this.pass(), this.deps.intervalMs);
    this.timer.unref();
    void this.pass();
  }

  /** One pass now (concurrent calls share it); undefined when it failed (logged, retried next interval). */
  pass(): Promise<PurgeTotals | undefined> {
    this.running ??= this.purge().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async purge(): Promise<PurgeTotals | undefined> {
    const { pool, runtime, logger, batch } = this.deps;
    try {
      const totals = await purgeExpired({ pool, now: runtime.now(), batch, maxBatches: MAX_BATCHES_PER_PASS });
      const { busy, ...counts } = totals;
      if (!busy && Object.values(counts).some((count) => count > 0)) logger.info(counts, 'retention pass changed partitions or data');
      return totals;
    } catch (error) {
      logger.warn({ err: error }, 'retention purge failed; the next pass goes on');
      return undefined;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
