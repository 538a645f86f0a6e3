import type { ConnectionPool } from '../prisma.js';

export interface PendingDestinationRow {
  tenant_id: string;
  destination_id: string;
  /** How many of its deliveries are pending, counted up to the limit: a bigint, which pg returns as a string. */
  pending: string;
}

/**
 * The enabled destinations of every tenant that have pending deliveries, with their pending count up to
 * `countLimit` (prisma/functions/relay_pending_destinations.sql). A long statement: LONG_STATEMENTS in ../prisma.ts.
 */
export async function relayPendingDestinations(pool: ConnectionPool, countLimit: number): Promise<PendingDestinationRow[]> {
  const { rows } = await pool.query<PendingDestinationRow>('SELECT * FROM relay_pending_destinations($1)', [countLimit]);
  return rows;
}
