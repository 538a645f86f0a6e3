import type pg from 'pg';

/**
 * Rows read so far per table, as this backend counts them (pg_stat_xact_user_tables: sequential reads plus rows
 * fetched through indexes), a partitioned table's partitions summed under its name (events_pro_20261128: events).
 * The counts also hold what earlier transactions of the same connection read and have not reported yet, so a
 * test compares two readings within one transaction: their difference is what ran between them.
 */
export const ROWS_READ_BY_TABLE = `
  SELECT coalesce(substring(relname FROM '^(events|payloads|event_checks)_'), relname) AS name,
         sum(seq_tup_read + coalesce(idx_tup_fetch, 0))::int AS rows_read
    FROM pg_stat_xact_user_tables
   GROUP BY 1`;

export async function rowsReadByTable(client: Pick<pg.ClientBase, 'query'>): Promise<Map<string, number>> {
  const { rows } = await client.query<{ name: string; rows_read: number }>(ROWS_READ_BY_TABLE);
  return new Map(rows.map((row) => [row.name, row.rows_read]));
}

/** Rows of each table read between two readings of rowsReadByTable (0 for a table read in neither). */
export function rowsReadBetween(before: Map<string, number>, after: Map<string, number>, table: string): number {
  return (after.get(table) ?? 0) - (before.get(table) ?? 0);
}

/**
 * Runs `work` on one connection as the application role (row-level security applies), in a transaction rolled
 * back after, and returns what it returns: what a test reads there changes nothing for the tests after it.
 */
export async function inApplicationRole<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL ROLE webhook_relay_app');
    return await work(client);
  } finally {
    await client.query('ROLLBACK');
    client.release();
  }
}
