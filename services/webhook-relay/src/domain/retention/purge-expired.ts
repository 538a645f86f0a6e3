import { relayPurgeExpiredEvents } from '../../db/functions/relay-purge-expired-events.js';
import { relayPurgeOrphanPayloads } from '../../db/functions/relay-purge-orphan-payloads.js';
import type { ConnectionPool } from '../../db/prisma.js';

export interface PurgeTotals {
  events: number;
  deliveries: number;
  payloads: number;
  idempotencyRecords: number;
  /** Another process was purging: this pass did nothing. */
  busy: boolean;
}

/**
 * One retention pass at `now`: expired events (with their checks, deliveries and attempts) in batches of
 * `batch`, then the payloads no event refers to any more and expired idempotency records, until nothing is
 * left or `maxBatches` calls were made (the next pass goes on). Each call is its own short transaction, so
 * capture and the API never wait long behind it; several replicas may call it at once (one does the work).
 */
export async function purgeExpired(options: { pool: ConnectionPool; now: Date; batch: number; maxBatches: number }): Promise<PurgeTotals> {
  const { pool, now, batch, maxBatches } = options;
  const totals: PurgeTotals = { events: 0, deliveries: 0, payloads: 0, idempotencyRecords: 0, busy: false };
  for (let call = 0; call < maxBatches; call++) {
    const purged = await relayPurgeExpiredEvents(pool, now, batch);
    if (purged.busy) return { ...totals, busy: true };
    totals.events += purged.events;
    totals.deliveries += purged.deliveries;
    if (!purged.more) break;
  }
  for (let call = 0; call < maxBatches; call++) {
    const purged = await relayPurgeOrphanPayloads(pool, now, batch);
    totals.payloads += purged.payloads;
    totals.idempotencyRecords += purged.idempotencyRecords;
    if (!purged.more) break;
  }
  return totals;
}
