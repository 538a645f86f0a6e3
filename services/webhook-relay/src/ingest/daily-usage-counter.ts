import { relayCountDailyUsage, type DailyUsageCount } from '../db/functions/relay-count-daily-usage.js';
import type { ConnectionPool } from '../db/prisma.js';

export interface DailyUsageCounterOptions {
  /** How long counts wait in memory before they are written (INGEST_USAGE_FLUSH_MS). */
  flushIntervalMs: number;
  /** A write failed: its counts are kept and written with the next one. */
  onError(error: unknown): void;
}

/**
 * The dashboard's chart of events per day, counted in the ingest process instead of in the capture statement:
 * each stored event adds one to its tenant's count for the UTC day it was received, and the counts are written
 * (one statement for every tenant-day counted) at most `flushIntervalMs` after the first of them, and once more
 * when ingest closes. With nothing counted no timer runs: an idle tenant, or an idle relay, costs nothing.
 *
 * A crash loses what was counted since the last write (at most the last interval's events, from the chart
 * only): the allowance counts in tenant_usage are exact, written by the capture statement itself.
 */
export class DailyUsageCounter {
  /** `${tenantId} ${day}` to events counted since the last write. */
  private counts = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly pool: ConnectionPool,
    private readonly options: DailyUsageCounterOptions,
  ) {}

  /** Counts stored events (the rows relay_capture_batch returned as stored, with their received time). */
  count(events: Array<{ tenantId: string; receivedAt: Date }>): void {
    for (const { tenantId, receivedAt } of events) {
      const key = `${tenantId} ${receivedAt.toISOString().slice(0, 10)}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    }
    this.schedule();
  }

  /** A write is due (something was counted and not yet written). */
  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  /** Writes what was counted so far, after any write under way. Failures go to onError and are retried later. */
  flush(): Promise<void> {
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  /** Stops the timer and writes what is left (the shutdown drain: ingest has stopped capturing by then). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private schedule(): void {
    if (this.timer || this.closed || this.counts.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, this.options.flushIntervalMs);
    this.timer.unref();
  }

  private async write(): Promise<void> {
    // Writing now: the timer is not needed until something more is counted.
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.counts.size === 0) return;
    const written = this.counts;
    this.counts = new Map();
    const rows: DailyUsageCount[] = [...written].map(([key, events]) => {
      const [tenantId, day] = key.split(' ') as [string, string];
      return { tenantId, day, events };
    });
    try {
      await relayCountDailyUsage(this.pool, rows);
    } catch (error) {
      // Kept for the next write, with whatever was counted meanwhile.
      for (const [key, events] of written) this.counts.set(key, (this.counts.get(key) ?? 0) + events);
      this.options.onError(error);
    }
    this.schedule();
  }
}
