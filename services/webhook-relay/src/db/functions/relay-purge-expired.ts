import type { ConnectionPool } from '../prisma.js';

export interface PurgedEvents {
  events: number;
  deliveries: number;
  /** Some expired events are left for the next call (the budget was spent). */
  more: boolean;
  /** Another process holds the purge's lock: nothing was done. */
  busy: boolean;
}

/** Removes up to maxEvents expired events across tenants (prisma/functions/relay_purge_expired_events.sql). */
export async function relayPurgeExpiredEvents(pool: ConnectionPool, now: Date, maxEvents: number): Promise<PurgedEvents> {
  const { rows } = await pool.query<{ events: string; deliveries: string; more: boolean; busy: boolean }>(
    'SELECT * FROM relay_purge_expired_events($1, $2)',
    [now, maxEvents],
  );
  const row = rows[0]!;
  return { events: Number(row.events), deliveries: Number(row.deliveries), more: row.more, busy: row.busy };
}

export interface PurgedPayloads {
  payloads: number;
  idempotencyRecords: number;
  more: boolean;
}

/** Removes payloads of purged events that nothing refers to any more, and expired idempotency records
 *  (prisma/functions/relay_purge_orphan_payloads.sql). */
export async function relayPurgeOrphanPayloads(pool: ConnectionPool, now: Date, max: number): Promise<PurgedPayloads> {
  const { rows } = await pool.query<{ payloads: string; idempotency_records: string; more: boolean }>(
    'SELECT * FROM relay_purge_orphan_payloads($1, $2)',
    [now, max],
  );
  const row = rows[0]!;
  return { payloads: Number(row.payloads), idempotencyRecords: Number(row.idempotency_records), more: row.more };
}
