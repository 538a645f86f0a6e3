import type { ConnectionPool } from '../prisma.js';

export interface DueBulkRetryRow {
  tenant_id: string;
  id: string;
}

/**
 * Bulk retries of every tenant that are queued or running with no live lease, oldest first
 * (prisma/functions/relay_due_bulk_retries.sql). The runner claims each in its tenant's transaction.
 */
export async function relayDueBulkRetries(pool: ConnectionPool, now: Date, limit: number): Promise<DueBulkRetryRow[]> {
  const { rows } = await pool.query<DueBulkRetryRow>('SELECT * FROM relay_due_bulk_retries($1, $2)', [now, limit]);
  return rows;
}
