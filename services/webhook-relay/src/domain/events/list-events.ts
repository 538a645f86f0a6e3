import type { Event } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';

export type EventWithSize = Event & { payload: { size: number } };

export interface ListEventsOptions {
  tx: TenantTx;
  page: PageRequest;
  endpointId?: string;
  from?: Date;
  to?: Date;
}

/** Newest first (ids are time-ordered), optionally one endpoint's and within [from, to). */
export async function listEvents(options: ListEventsOptions): Promise<Page<EventWithSize>> {
  const after = decodeCursor(options.page.cursor);
  const receivedAt = options.from || options.to ? { ...(options.from ? { gte: options.from } : {}), ...(options.to ? { lt: options.to } : {}) } : undefined;
  const rows = await options.tx.event.findMany({
    where: {
      ...(options.endpointId ? { endpointId: options.endpointId } : {}),
      ...(receivedAt ? { receivedAt } : {}),
      ...(after ? { id: { lt: after } } : {}),
    },
    include: { payload: { select: { size: true } } },
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}
