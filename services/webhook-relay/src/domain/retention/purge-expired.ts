import { relayMaintainPartitions } from '../../db/functions/relay-maintain-partitions.js';
import { relayPurgeExpiredIdempotencyRecords } from '../../db/functions/relay-purge-expired-idempotency-records.js';
import { relayRetentionCatchUp } from '../../db/functions/relay-retention-catch-up.js';
import type { ConnectionPool } from '../../db/prisma.js';

/** How many days of partitions exist ahead of the present: capture never waits for their creation. */
export const PARTITIONS_AHEAD_DAYS = 2;

export interface PurgeTotals {
  partitionsCreated: number;
  /** Partition ranges dropped (each the events, payloads and checks of one plan over its span). */
  partitionsDropped: number;
  /** Events of tenants whose plan changed: removed (past the new window) and moved (to the new plan's partitions). */
  eventsRemoved: number;
  eventsMoved: number;
  idempotencyRecords: number;
  /** Another process was at it: this pass did nothing. */
  busy: boolean;
}

/**
 * One retention pass at `now` (docs/retention.md): each plan's partitions created ahead and those wholly past its
 * window dropped, then tenants whose plan changed caught up and expired idempotency records removed, in calls of
 * `batch` rows until nothing is left or `maxBatches` calls were made (the next pass goes on). Each call is its own
 * short transaction; several replicas may run passes at once (one does the work).
 */
export async function purgeExpired(options: { pool: ConnectionPool; now: Date; batch: number; maxBatches: number }): Promise<PurgeTotals> {
  const { pool, now, batch, maxBatches } = options;
  const maintained = await relayMaintainPartitions(pool, now, PARTITIONS_AHEAD_DAYS);
  const totals: PurgeTotals = {
    partitionsCreated: maintained.created,
    partitionsDropped: maintained.dropped,
    eventsRemoved: 0,
    eventsMoved: 0,
    idempotencyRecords: 0,
    busy: maintained.busy,
  };
  if (maintained.busy) return totals;
  for (let call = 0; call < maxBatches; call++) {
    const caughtUp = await relayRetentionCatchUp(pool, now, batch);
    totals.eventsRemoved += caughtUp.removed;
    totals.eventsMoved += caughtUp.moved;
    if (!caughtUp.more) break;
  }
  for (let call = 0; call < maxBatches; call++) {
    const purged = await relayPurgeExpiredIdempotencyRecords(pool, now, batch);
    totals.idempotencyRecords += purged.removed;
    if (!purged.more) break;
  }
  return totals;
}
