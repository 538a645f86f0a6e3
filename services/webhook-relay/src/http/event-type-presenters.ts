import type { EndpointEventType, EventType } from '@workspace/contracts';
import type { EventTypeSchema } from '../generated/prisma/client.js';
import type { EndpointEventTypeRow } from '../domain/event-types/list-endpoint-event-types.js';

export function presentEventType(eventType: EventTypeSchema): EventType {
  return {
    id: eventType.id,
    name: eventType.name,
    description: eventType.description,
    schema: eventType.schema as Record<string, unknown>,
    created_at: eventType.createdAt.toISOString(),
    updated_at: eventType.updatedAt.toISOString(),
  };
}

export function presentEndpointEventType(row: EndpointEventTypeRow): EndpointEventType {
  return {
    event_type: row.eventType,
    count: row.count,
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    schema_id: row.schemaId,
  };
}
