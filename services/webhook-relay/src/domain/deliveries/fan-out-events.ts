import { relayFanOut } from '../../db/functions/relay-fan-out.js';
import type { ConnectionPool } from '../../db/prisma.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';

export interface FanOutEventsOptions {
  pool: ConnectionPool;
  tenantId: string;
  eventIds: string[];
  now: Date;
}

/** Writes the outbox rows of one tenant's events (one statement, one transaction) and returns the jobs to add. */
export async function fanOutEvents(options: FanOutEventsOptions): Promise<DeliveryJob[]> {
  const { tenantId } = options;
  // The ready events' outbox rows, positioned by capture number, and their fan_out_pending rows removed, in one statement.
  const rows = await relayFanOut(options.pool, { tenantId, eventIds: options.eventIds, now: options.now });
  return rows.map((row) => ({ tenantId, destinationId: row.destination_id, deliveryId: row.id }));
}
