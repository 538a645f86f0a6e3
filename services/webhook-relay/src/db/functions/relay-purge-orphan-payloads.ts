import type { ConnectionPool } from '../prisma.js';

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
