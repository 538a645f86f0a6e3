import type { ListDeliveriesQuery } from '@workspace/contracts';
import type { Delivery, DeliveryAttempt, DeliveryState } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { RelayError } from '../relay-error.js';

/** Newest first; `state: dead_lettered` is the dead-letter list. */
export async function listDeliveries(options: {
  tx: TenantTx;
  page: PageRequest;
  state?: DeliveryState;
  destinationId?: string;
  eventId?: string;
}): Promise<Page<Delivery>> {
  const after = decodeCursor(options.page.cursor);
  const rows = await options.tx.delivery.findMany({
    where: {
      ...(options.state ? { state: options.state } : {}),
      ...(options.destinationId ? { destinationId: options.destinationId } : {}),
      ...(options.eventId ? { eventId: options.eventId } : {}),
      ...(after ? { id: { lt: after } } : {}),
    },
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}

export async function findDelivery(tx: TenantTx, deliveryId: string): Promise<Delivery & { attemptsLog: DeliveryAttempt[] }> {
  const delivery = await tx.delivery.findFirst({ where: { id: deliveryId }, include: { attemptsLog: { orderBy: { startedAt: 'asc' } } } });
  if (!delivery) throw new RelayError('not_found', `delivery ${deliveryId} not found`);
  return delivery;
}

/** GET /v1/deliveries and the MCP tool deliveries.list: the contract's query, as listDeliveries takes it. */
export function listDeliveriesByQuery(tx: TenantTx, query: ListDeliveriesQuery): Promise<Page<Delivery>> {
  return listDeliveries({
    tx,
    page: query,
    ...(query.state ? { state: query.state } : {}),
    ...(query.destination_id ? { destinationId: query.destination_id } : {}),
    ...(query.event_id ? { eventId: query.event_id } : {}),
  });
}
