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
