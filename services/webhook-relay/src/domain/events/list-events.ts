import type { ListEventsQuery } from '@workspace/contracts';
import type { Event, EventCheck } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { eventFilterWhere, type EventFilters } from './event-filters.js';
import { decodeCursor, firstIdAt, toPage, type Page, type PageRequest } from '../pagination.js';

export type EventWithSize = Event & { payload: { size: number }; check: EventCheck | null };

export interface ListEventsOptions extends EventFilters {
  tx: TenantTx;
  page: PageRequest;
  from?: Date;
  to?: Date;
}

/**
 * Newest first, optionally filtered (endpoint, verification state, provider) and received within [from, to). An event's id carries its
 * receipt time (v7), so the range and the cursor are both bounds on the id.
 */
export async function listEvents(options: ListEventsOptions): Promise<Page<EventWithSize>> {
  const after = decodeCursor(options.page.cursor);
  const upper = [after, options.to ? firstIdAt(options.to) : undefined].filter((id): id is string => id !== undefined).sort()[0];
  const id = { ...(options.from ? { gte: firstIdAt(options.from) } : {}), ...(upper ? { lt: upper } : {}) };
  const rows = await options.tx.event.findMany({
    where: {
      ...eventFilterWhere(options),
      ...(Object.keys(id).length ? { id } : {}),
    },
    include: { payload: { select: { size: true } }, check: true },
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}

/** GET /v1/events and the MCP tool events.list: the contract's query, as listEvents takes it. */
export function listEventsByQuery(tx: TenantTx, query: ListEventsQuery): Promise<Page<EventWithSize>> {
  return listEvents({
    tx,
    page: { limit: query.limit, cursor: query.cursor },
    endpointId: query.endpoint_id,
    state: query.state,
    provider: query.provider,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  });
}
