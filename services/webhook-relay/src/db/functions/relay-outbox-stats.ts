import type { ConnectionPool } from '../prisma.js';

export interface OutboxStats {
  /** Pending deliveries to enabled destinations, counted up to the limit. */
  pending: number;
  /** When the oldest of them was queued; null when none is pending. */
  oldestPendingAt: Date | null;
}

/** The outbox's depth and oldest pending delivery, across tenants (prisma/functions/relay_outbox_stats.sql). */
export async function relayOutboxStats(pool: ConnectionPool, countLimit: number): Promise<OutboxStats> {
  const { rows } = await pool.query<{ pending: string; oldest_pending_at: Date | null }>('SELECT * FROM relay_outbox_stats($1)', [
    countLimit,
  ]);
  const row = rows[0];
  return { pending: Number(row?.pending ?? 0), oldestPendingAt: row?.oldest_pending_at ?? null };
}
