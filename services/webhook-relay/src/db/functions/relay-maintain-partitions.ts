import type { ConnectionPool } from '../prisma.js';

export interface PartitionMaintenance {
  created: number;
  dropped: number;
  /** Another process was maintaining them: this call did nothing. */
  busy: boolean;
}

/** Creates each plan's partitions through `aheadDays` after `now` and drops those wholly past their plan's window
 *  (prisma/functions/relay_maintain_partitions.sql). */
export async function relayMaintainPartitions(pool: ConnectionPool, now: Date, aheadDays: number): Promise<PartitionMaintenance> {
  const { rows } = await pool.query<PartitionMaintenance>('SELECT * FROM relay_maintain_partitions($1, $2)', [now, aheadDays]);
  return rows[0]!;
}
