import type { ListDeliveriesQuery } from '@workspace/contracts';
import type { Delivery, DeliveryAttempt, DeliveryState } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { assertNotExpired, readableInWindow, type RetentionWindow } from '../retention/retention-window.js';

/** Newest first; `state: dead_lettered` is the dead-letter list. Deliveries of events past the retention window are not listed. */
export async function listDeliveries(options: {
  tx: TenantTx;
  page: PageRequest;
  window: RetentionWindow;
  state?: DeliveryState;
  destinationId?: string;
  eventId?: string;
}): Promise<Page<Delivery>> {
  const after = decodeCursor(options.page.cursor);
  if (options.eventId) assertNotExpired(options.window, options.eventId);
  const rows = await options.tx.delivery.findMany({
    where: {
      ...(options.state ? { state: options.state } : {}),
      ...(options.destinationId ? { destinationId: options.destinationId } : {}),
      eventId: options.eventId ?? { gte: options.window.firstId },
      ...(after ? { id: { lt: after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}

export async function findDelivery(
  tx: TenantTx,
  deliveryId: string,
  window: RetentionWindow,
): Promise<Delivery & { attemptsLog: DeliveryAttempt[] }> {
  // Its attempts are read with it: they share its event, so the one check covers them too.
  return readableInWindow(window, {
    id: deliveryId,
    what: `delivery ${deliveryId}`,
    found: await tx.delivery.findFirst({ where: { id: deliveryId }, include: { attemptsLog: { orderBy: { startedAt: 'asc' } } } }),
    eventIdOf: (row) => row.eventId,
  });
}

/** GET /v1/deliveries and the MCP tool deliveries.list: the contract's query, as listDeliveries takes it. */
export function listDeliveriesByQuery(tx: TenantTx, query: ListDeliveriesQuery, window: RetentionWindow): Promise<Page<Delivery>> {
  return listDeliveries({
    tx,
    window,
    page: query,
    ...(query.state ? { state: query.state } : {}),
    ...(query.destination_id ? { destinationId: query.destination_id } : {}),
    ...(query.event_id ? { eventId: query.event_id } : {}),
  });
}
