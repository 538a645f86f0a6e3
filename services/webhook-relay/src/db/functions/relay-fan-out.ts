import type { ConnectionPool } from '../prisma.js';

/** A delivery written by the fan-out, or (id and destination null) an event whose filters are still to be judged. */
export interface FanOutRow {
  id: string | null;
  destination_id: string | null;
  event_to_filter: string | null;
}

/** Per (subscription, event): the subscription version judged and whether the event passed its filter. */
export interface FanOutVerdicts {
  subscriptionIds: string[];
  eventIds: string[];
  versions: Date[];
  passed: boolean[];
}

const FAN_OUT =
  'SELECT id, destination_id, event_to_filter FROM relay_fan_out($1::uuid, $2::uuid[], $3::timestamptz, $4::uuid[], $5::uuid[], $6::timestamptz[], $7::boolean[])';

const NO_VERDICTS: FanOutVerdicts = { subscriptionIds: [], eventIds: [], versions: [], passed: [] };

/**
 * Writes the outbox rows of one tenant's ready events and takes them out of fan_out_pending, in one statement
 * and one transaction (prisma/functions/relay_fan_out.sql). Idempotent.
 */
export async function relayFanOut(
  pool: ConnectionPool,
  input: { tenantId: string; eventIds: string[]; now: Date; verdicts?: FanOutVerdicts },
): Promise<FanOutRow[]> {
  const verdicts = input.verdicts ?? NO_VERDICTS;
  const { rows } = await pool.query<FanOutRow>({
    name: 'relay-fan-out',
    text: FAN_OUT,
    values: [input.tenantId, input.eventIds, input.now, verdicts.subscriptionIds, verdicts.eventIds, verdicts.versions, verdicts.passed],
  });
  return rows;
}
