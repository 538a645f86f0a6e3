import type { ConnectionPool } from '../prisma.js';

export interface PlanChangeCatchUp {
  removed: number;
  moved: number;
  more: boolean;
}

/** For tenants whose plan changed: removes the events their new window no longer holds and moves the others to the
 *  new plan's partitions, at most `max` per call (prisma/functions/relay_retention_catch_up.sql). */
export async function relayRetentionCatchUp(pool: ConnectionPool, now: Date, max: number): Promise<PlanChangeCatchUp> {
  const { rows } = await pool.query<{ removed: string; moved: string; more: boolean }>('SELECT * FROM relay_retention_catch_up($1, $2)', [
    now,
    max,
  ]);
  const row = rows[0]!;
  return { removed: Number(row.removed), moved: Number(row.moved), more: row.more };
}
