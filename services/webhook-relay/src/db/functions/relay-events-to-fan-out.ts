import type { ConnectionPool } from '../prisma.js';

export interface EventToFanOutRow {
  tenant_id: string;
  event_id: string;
}

/**
 * The fan-out sweep's next batch: ready events received before `receivedBefore` from the sweep's mark on
 * (which this moves), and events still held in fan_out_pending (prisma/functions/relay_events_to_fan_out.sql).
 * A long statement: LONG_STATEMENTS in ../prisma.ts matches its text.
 */
export async function relayEventsToFanOut(pool: ConnectionPool, receivedBefore: Date, limit: number): Promise<EventToFanOutRow[]> {
  const { rows } = await pool.query<EventToFanOutRow>('SELECT * FROM relay_events_to_fan_out($1, $2)', [receivedBefore, limit]);
  return rows;
}
