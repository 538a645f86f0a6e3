import { idRange } from '../../db/id-range.js';
import type { TenantTx } from '../../db/prisma.js';

// A replay joins its destination's FIFO order when it is inserted: its deliveries take numbers of the relay's
// order sequence under the tenant's capture-order lock (the lock subscribed captures hold until commit; see the
// capture_order migration). Replays (POST /v1/replays) and bulk retries both insert through here.
const LOCK_CAPTURE_ORDER = "SELECT pg_advisory_xact_lock(hashtextextended('relay_capture_order:' || $1::text, 0))";

/** Takes the tenant's capture-order lock until the transaction ends; call before inserting replays. */
export async function lockCaptureOrder(tx: TenantTx, tenantId: string): Promise<void> {
  await tx.$executeRawUnsafe(LOCK_CAPTURE_ORDER, tenantId);
}

// New deliveries (replay_of = the event, or the dead letter they re-send). Only events still stored and inside the
// retention window ($6, the window's first id) are sent: one the purge has not reached yet is not. Each event is
// looked up by key, bounded by the events' first and last ($7, $8), so the planner keeps only their partitions and
// reads only them (docs/retention.md). The order decides the positions.
const insertSql = (order: string) => `
INSERT INTO deliveries (id, tenant_id, destination_id, event_id, replay_of, created_at)
SELECT relay_uuid7(), $1, $2, s.event_id, s.replay_of, $3
  FROM unnest($4::uuid[], $5::uuid[]) WITH ORDINALITY AS s(event_id, replay_of, n)
  CROSS JOIN LATERAL (
    SELECT e.capture_seq FROM events e
     WHERE e.id = s.event_id AND e.id >= $6::uuid AND e.id BETWEEN $7::uuid AND $8::uuid
     LIMIT 1
  ) AS e
 ORDER BY ${order}
RETURNING id`;
const ORDERS = {
  /** The events' capture order. */
  capture: insertSql('e.capture_seq NULLS FIRST, s.event_id'),
  /** The order given (a bulk retry's: its dead letters' positions). */
  listed: insertSql('s.n'),
};

export interface InsertReplaysOptions {
  tx: TenantTx;
  tenantId: string;
  destinationId: string;
  now: Date;
  replays: Array<{ eventId: string; replayOf: string }>;
  /** The retention window's first event id: older events are not sent. */
  windowFirstId: string;
  order: keyof typeof ORDERS;
}

/** Inserts the replays as new pending deliveries (under lockCaptureOrder); returns their ids. */
export async function insertReplays(options: InsertReplaysOptions): Promise<string[]> {
  const { tx, replays } = options;
  if (replays.length === 0) return [];
  const events = idRange(replays.map((replay) => replay.eventId));
  const rows = await tx.$queryRawUnsafe<Array<{ id: string }>>(
    ORDERS[options.order],
    options.tenantId,
    options.destinationId,
    options.now,
    replays.map((replay) => replay.eventId),
    replays.map((replay) => replay.replayOf),
    options.windowFirstId,
    events.first,
    events.last,
  );
  return rows.map((row) => row.id);
}
