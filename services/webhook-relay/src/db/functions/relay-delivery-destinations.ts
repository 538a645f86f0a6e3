import type { ConnectionPool } from '../prisma.js';

export interface DeliveryDestinationRow {
  tenant_id: string;
  destination_id: string;
  /** How many of its deliveries are pending: a bigint, which pg returns as a string. */
  pending: string;
}

/**
 * Every enabled destination of every tenant with its pending count (prisma/functions/relay_delivery_destinations.sql).
 * A long statement: LONG_STATEMENTS in ../prisma.ts matches its text.
 */
export async function relayDeliveryDestinations(pool: ConnectionPool): Promise<DeliveryDestinationRow[]> {
  const { rows } = await pool.query<DeliveryDestinationRow>('SELECT * FROM relay_delivery_destinations()');
  return rows;
}
