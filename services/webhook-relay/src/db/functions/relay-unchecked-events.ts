import type { ConnectionPool } from '../prisma.js';

export interface UncheckedEventRow {
  tenant_id: string;
  event_id: string;
}

/**
 * The verification sweep's next batch: events due a check, without a result, received before `receivedBefore`
 * and from the sweep's mark on, which this moves (prisma/functions/relay_unchecked_events.sql). A long
 * statement: LONG_STATEMENTS in ../prisma.ts matches its text.
 */
export async function relayUncheckedEvents(pool: ConnectionPool, receivedBefore: Date, limit: number): Promise<UncheckedEventRow[]> {
  const { rows } = await pool.query<UncheckedEventRow>('SELECT * FROM relay_unchecked_events($1, $2)', [receivedBefore, limit]);
  return rows;
}
