import type { ReplayRequest } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { firstIdAt } from '../pagination.js';
import { RelayError } from '../relay-error.js';
import { expiredError, readableInWindow, type RetentionWindow } from '../retention/retention-window.js';
import type { Runtime } from '../runtime.js';

/** Events one replay may send at most (a larger range is split by the caller). */
export const MAX_REPLAY_EVENTS = 10_000;

// A replay joins its destination's FIFO order when it is requested: its deliveries take numbers of
// the relay's order sequence under the tenant's capture-order lock (the lock subscribed captures hold
// until commit; see the capture_order migration), in the events' capture order.
const LOCK_CAPTURE_ORDER = "SELECT pg_advisory_xact_lock(hashtextextended('relay_capture_order:' || $1::text, 0))";

// New deliveries (replay_of = the event, or the dead letter they re-send). Only events still stored and
// inside the retention window ($6, the window's first id) are sent: one the purge has not reached yet is not.
// e.id = ANY($4) lets the planner keep only the events' partitions (docs/retention.md).
const REPLAY = `
INSERT INTO deliveries (id, tenant_id, destination_id, event_id, replay_of, created_at)
SELECT relay_uuid7(), $1, $2, s.event_id, s.replay_of, $3
  FROM unnest($4::uuid[], $5::uuid[]) AS s(event_id, replay_of) JOIN events e ON e.id = s.event_id
 WHERE e.id >= $6::uuid AND e.id = ANY($4::uuid[])
 ORDER BY e.capture_seq NULLS FIRST, s.event_id
RETURNING id`;

export interface ReplayEventsOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  input: ReplayRequest;
  /** The tenant's retention window: an event past it answers 410 expired (retention-window.ts). */
  window: RetentionWindow;
}

/** Sends events again to a registered destination: by event id, by dead letter, or by time range. Audited. */
export async function replayEvents(options: ReplayEventsOptions): Promise<{ jobs: DeliveryJob[] }> {
  const { tx, tenantId, runtime, input } = options;
  const destination = await tx.destination.findFirst({ where: { id: input.destination_id, deletedAt: null } });
  if (!destination) throw new RelayError('not_found', `destination ${input.destination_id} not found`);
  const selected = await selectEvents(tx, input, options.window);
  if (selected.length > MAX_REPLAY_EVENTS)
    throw new RelayError('invalid_request', `the selection holds more than ${MAX_REPLAY_EVENTS} events: narrow from/to`);
  await tx.$executeRawUnsafe(LOCK_CAPTURE_ORDER, tenantId);
  const rows = await tx.$queryRawUnsafe<Array<{ id: string }>>(
    REPLAY,
    tenantId,
    input.destination_id,
    runtime.now(),
    selected.map((s) => s.eventId),
    selected.map((s) => s.replayOf),
    options.window.firstId,
  );
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'delivery.replayed',
    target: { type: 'destination', id: input.destination_id },
    details: {
      selector: input.event_ids ? 'event_ids' : input.delivery_ids ? 'delivery_ids' : 'time_range',
      ...(input.from ? { from: input.from, to: input.to, endpoint_id: input.endpoint_id ?? null } : {}),
      events: selected.length,
      deliveries: rows.map((row) => row.id),
    },
  });
  return { jobs: rows.map((row) => ({ tenantId, destinationId: input.destination_id, deliveryId: row.id })) };
}

async function selectEvents(
  tx: TenantTx,
  input: ReplayRequest,
  window: RetentionWindow,
): Promise<Array<{ eventId: string; replayOf: string }>> {
  if (input.event_ids) {
    const ids = [...new Set(input.event_ids)];
    const found = await tx.event.findMany({ where: { id: { in: ids } }, select: { id: true } });
    return ids.map((id) => {
      const event = readableInWindow(window, {
        id,
        what: `event ${id}`,
        found: found.find((row) => row.id === id),
        eventIdOf: (row) => row.id,
      });
      return { eventId: event.id, replayOf: event.id };
    });
  }
  if (input.delivery_ids) {
    const ids = [...new Set(input.delivery_ids)];
    const rows = await tx.delivery.findMany({ where: { id: { in: ids } }, select: { id: true, eventId: true, state: true } });
    const found = ids.map((id) =>
      readableInWindow(window, { id, what: `delivery ${id}`, found: rows.find((row) => row.id === id), eventIdOf: (row) => row.eventId }),
    );
    const live = found.find((row) => row.state !== 'dead_lettered');
    if (live) throw new RelayError('invalid_request', `delivery_ids must name dead-lettered deliveries; ${live.id} is ${live.state}`);
    return found.map((row) => ({ eventId: row.eventId, replayOf: row.id }));
  }
  // A range that ends before the window starts is refused; one that starts before it begins at the window.
  const to = new Date(input.to!);
  if (to.getTime() <= window.start.getTime()) throw expiredError(`the range ending ${to.toISOString()}`, window);
  const from = firstIdAt(new Date(input.from!));
  const rows = await tx.event.findMany({
    where: {
      id: { gte: [from, window.firstId].sort()[1]!, lt: firstIdAt(to) },
      duplicateOf: null,
      ...(input.endpoint_id ? { endpointId: input.endpoint_id } : {}),
    },
    select: { id: true },
    orderBy: { id: 'asc' },
    take: MAX_REPLAY_EVENTS + 1,
  });
  return rows.map((row) => ({ eventId: row.id, replayOf: row.id }));
}
