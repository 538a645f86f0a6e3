import type { ConnectionPool } from '../../db/prisma.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';

// The ready events' outbox rows, positioned by capture number, and their fan_out_pending rows removed,
// in one statement (relay_fan_out in the migrations, capture_order).
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
