import type { ConnectionPool } from '../../db/prisma.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';

// Destinations' FIFO order is the order their deliveries get positions in; transactions that add
// deliveries to the same destination take its lock first, so positions follow commit order.
export const LOCK_DESTINATIONS = `
SELECT pg_advisory_xact_lock(hashtextextended('relay_delivery_order:' || x.destination_id::text, 0))
  FROM (SELECT DISTINCT unnest($1::uuid[]) AS destination_id ORDER BY 1) x`;

// The subscribed destinations' locks, then the outbox rows of the ready events, in one statement
// (relay_fan_out in the migrations; it takes the same locks as LOCK_DESTINATIONS).
const FAN_OUT = 'SELECT id, destination_id FROM relay_fan_out($1::uuid, $2::uuid[], $3::timestamptz)';

export interface FanOutEventsOptions {
  pool: ConnectionPool;
  tenantId: string;
  eventIds: string[];
  now: Date;
}

/** Writes the outbox rows of one tenant's events (one statement, one transaction) and returns the jobs to add. */
export async function fanOutEvents(options: FanOutEventsOptions): Promise<DeliveryJob[]> {
  const { tenantId } = options;
  const { rows } = await options.pool.query<{ id: string; destination_id: string }>({ name: 'relay-fan-out', text: FAN_OUT, values: [tenantId, options.eventIds, options.now] });
  return rows.map((row) => ({ tenantId, destinationId: row.destination_id, deliveryId: row.id }));
}
