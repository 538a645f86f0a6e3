import type { ConnectionPool } from '../prisma.js';

/** A delivery written by the fan-out. */
export interface FanOutRow {
  id: string;
  destination_id: string;
}

const FAN_OUT = 'SELECT id, destination_id FROM relay_fan_out($1::uuid, $2::uuid[], $3::timestamptz)';

/**
 * Writes the outbox rows of one tenant's ready events and takes them out of fan_out_pending, in one statement
 * and one transaction (prisma/functions/relay_fan_out.sql). Idempotent.
 */
export async function relayFanOut(pool: ConnectionPool, input: { tenantId: string; eventIds: string[]; now: Date }): Promise<FanOutRow[]> {
  const { rows } = await pool.query<FanOutRow>({
    name: 'relay-fan-out',
    text: FAN_OUT,
    values: [input.tenantId, input.eventIds, input.now],
  });
  return rows;
}
