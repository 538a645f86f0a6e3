import { relayFanOut } from '../../db/functions/relay-fan-out.js';
import { relayFilterInputs } from '../../db/functions/relay-filter-inputs.js';
import type { ConnectionPool } from '../../db/prisma.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';
import { judgeEvents } from '../subscriptions/filters/judge-events.js';

export interface FanOutEventsOptions {
  pool: ConnectionPool;
  tenantId: string;
  eventIds: string[];
  now: Date;
}

// A filter changed between reading it and writing the verdicts makes the statement ask again; past this many
// rounds the event keeps its fan_out_pending row and the fan-out sweep takes it.
const FILTER_ROUNDS = 3;

/**
 * Writes the outbox rows of one tenant's events and returns the jobs to add. Without subscription filters
 * this is one statement (relay_fan_out). Events with a filtered subscription come back from it unsettled:
 * their filters are judged here (docs/filters.md) and the statement runs again with the verdicts, writing
 * a pending or a `filtered` delivery at the event's position and only then settling the event.
 */
export async function fanOutEvents(options: FanOutEventsOptions): Promise<DeliveryJob[]> {
  const { pool, tenantId, now } = options;
  const jobs: DeliveryJob[] = [];
  let eventIds = options.eventIds;
  let verdicts: Awaited<ReturnType<typeof judgeEvents>> | undefined;
  for (let round = 0; round < FILTER_ROUNDS && eventIds.length > 0; round++) {
    const rows = await relayFanOut(pool, { tenantId, eventIds, now, ...(verdicts ? { verdicts } : {}) });
    const toJudge: string[] = [];
    for (const row of rows) {
      if (row.event_to_filter) toJudge.push(row.event_to_filter);
      else jobs.push({ tenantId, destinationId: row.destination_id!, deliveryId: row.id! });
    }
    eventIds = toJudge;
    if (toJudge.length) verdicts = judgeEvents(await relayFilterInputs(pool, { tenantId, eventIds: toJudge }));
  }
  return jobs;
}
