import type { ConnectionPool } from '../prisma.js';

/** Removes idempotency records past their expiry, at most `max` per call
 *  (prisma/functions/relay_purge_expired_idempotency_records.sql). */
export async function relayPurgeExpiredIdempotencyRecords(
  pool: ConnectionPool,
  now: Date,
  max: number,
): Promise<{ removed: number; more: boolean }> {
  const { rows } = await pool.query<{ removed: string; more: boolean }>('SELECT * FROM relay_purge_expired_idempotency_records($1, $2)', [
    now,
    max,
  ]);
  const row = rows[0]!;
  return { removed: Number(row.removed), more: row.more };
}
