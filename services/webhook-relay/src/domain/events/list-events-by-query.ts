import type { ListEventsQuery } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { listEventsBySchemaValidity } from '../event-types/list-events-by-schema-validity.js';
import type { Page } from '../pagination.js';
import type { RetentionWindow } from '../retention/retention-window.js';
import { listEvents, type EventWithSize } from './list-events.js';

/** GET /v1/events and the MCP tool events.list: the contract's query, as listEvents takes it. */
export function listEventsByQuery(tx: TenantTx, query: ListEventsQuery, window: RetentionWindow): Promise<Page<EventWithSize>> {
  if (query.schema_valid !== undefined) return listEventsBySchemaValidity(tx, query, window);
  return listEvents({
    tx,
    window,
    page: { limit: query.limit, cursor: query.cursor },
    endpointId: query.endpoint_id,
    state: query.state,
    provider: query.provider,
    eventType: query.event_type,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  });
}
