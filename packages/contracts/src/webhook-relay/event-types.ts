import { z } from 'zod';
import { jsonObject, nonBlankName, RelayTimestamp } from './common.js';

// Event types (services/webhook-relay/docs/event-types.md): the type each captured event carries, counted per
// endpoint, and a tenant's own types with a JSON Schema their events are checked against.

/** An event type as senders spell them (`invoice.paid`, `push`, `orders/create`, GitLab's `Push Hook`): no control characters. */
export const EventTypeName = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, `${field} must not be empty`)
    .max(200, `${field} must be at most 200 characters`)
    .regex(/^[^\p{Cc}]*\S[^\p{Cc}]*$/u, `${field} must be text without control characters, e.g. invoice.paid`);

export const EndpointEventType = z
  .object({
    event_type: z.string(),
    count: z.number().int().meta({ description: "Events of this type the endpoint holds (within the tenant's retention window)." }),
    first_seen_at: RelayTimestamp('first_seen_at'),
    last_seen_at: RelayTimestamp('last_seen_at'),
    schema_id: z.uuid().nullable().meta({ description: 'The tenant’s custom event type of this name, when there is one.' }),
  })
  .meta({ id: 'EndpointEventType' });
export type EndpointEventType = z.infer<typeof EndpointEventType>;

export const EndpointEventTypeList = z.object({ data: z.array(EndpointEventType) }).meta({ id: 'EndpointEventTypeList' });
export type EndpointEventTypeList = z.infer<typeof EndpointEventTypeList>;

const JsonSchemaDocument = z
  .record(z.string(), z.unknown(), { error: 'schema must be a JSON Schema object (draft 2020-12 or draft-07)' })
  .meta({ description: 'A JSON Schema (draft 2020-12 by default; draft-07 when its `$schema` says so).' });

export const CreateEventTypeRequest = jsonObject({
  name: EventTypeName('name'),
  schema: JsonSchemaDocument,
  description: nonBlankName('description', 500).optional(),
}).meta({ id: 'CreateEventTypeRequest' });
export type CreateEventTypeRequest = z.infer<typeof CreateEventTypeRequest>;

export const UpdateEventTypeRequest = jsonObject({
  schema: JsonSchemaDocument.optional(),
  description: nonBlankName('description', 500).nullable().optional(),
})
  .refine((body) => Object.keys(body).length > 0, 'body must change at least one of schema, description')
  .meta({ id: 'UpdateEventTypeRequest', minProperties: 1 });
export type UpdateEventTypeRequest = z.infer<typeof UpdateEventTypeRequest>;

export const EventType = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    schema: z.record(z.string(), z.unknown()),
    created_at: RelayTimestamp('created_at'),
    updated_at: RelayTimestamp('updated_at'),
  })
  .meta({ id: 'EventType' });
export type EventType = z.infer<typeof EventType>;
