import type { ReplayRequest } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { firstIdAt } from '../pagination.js';
import { insertReplays, lockCaptureOrder } from './insert-replays.js';
import { RelayError } from '../relay-error.js';
import { expiredError, readableInWindow, type RetentionWindow } from '../retention/retention-window.js';
import type { Runtime } from '../runtime.js';

/** Events one replay may send at most (a larger range is split by the caller). */
export const MAX_REPLAY_EVENTS = 10_000;

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
  await lockCaptureOrder(tx, tenantId);
  const ids = await insertReplays({
    tx,
    tenantId,
    destinationId: input.destination_id,
    now: runtime.now(),
    replays: selected,
    windowFirstId: options.window.firstId,
    order: 'capture',
  });
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
      deliveries: ids,
    },
  });
  return { jobs: ids.map((id) => ({ tenantId, destinationId: input.destination_id, deliveryId: id })) };
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
