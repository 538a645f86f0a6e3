import { z } from 'zod';
import { RelayId, RelayListQuery, RelaySha256Hex, RelayTimestamp } from './common.js';
import { EventTypeName } from './event-types.js';

export const VerificationState = z.enum(['verified', 'authenticated', 'failed', 'unattempted']).meta({ id: 'VerificationState' });
export type VerificationState = z.infer<typeof VerificationState>;

export const EVENT_STATE_FILTERS = ['verified', 'authenticated', 'failed', 'unattempted', 'pending'] as const;
export const EventStateFilter = z
  .enum(EVENT_STATE_FILTERS, { error: `state must be one of ${EVENT_STATE_FILTERS.join(', ')}` })
  .meta({ description: 'A verification state, or `pending` for events whose check is still due.' });
export type EventStateFilter = z.infer<typeof EventStateFilter>;

const eventFilters = {
  endpoint_id: RelayId('endpoint_id').optional(),
  state: EventStateFilter.optional(),
  provider: z
    .string({ error: 'provider must be a string' })
    .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'provider must be a provider id from the registry, e.g. stripe')
    .optional()
    .meta({ description: 'Only events whose verification named this provider (a registry id, e.g. `stripe`).' }),
  event_type: EventTypeName('event_type')
    .optional()
    .meta({ description: 'Only events of this type (`invoice.paid`, `push`; docs/event-types.md).' }),
};

export const ListEventsQuery = RelayListQuery.extend({
  ...eventFilters,
  from: RelayTimestamp('from').optional(),
  to: RelayTimestamp('to').optional(),
  schema_valid: z
    .enum(['true', 'false'], { error: 'schema_valid must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .meta({
      description:
        "With event_type naming one of the tenant's event types: only events that do (true) or do not (false) validate against its schema. A page may then hold fewer than `limit` events while `next_cursor` is set.",
    }),
})
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: 'from must be earlier than to',
    path: ['from'],
  })
  .refine((query) => query.schema_valid === undefined || query.event_type !== undefined, {
    message: 'schema_valid needs event_type (the type whose schema is checked)',
    path: ['schema_valid'],
  });
export type ListEventsQuery = z.infer<typeof ListEventsQuery>;

export const EventSummary = z
  .object({
    id: z.uuid(),
    endpoint_id: z.uuid(),
    received_at: RelayTimestamp('received_at'),
    capture_seq: z.number().int().nullable().meta({
      description:
        'Capture number: the order deliveries follow (docs/delivery-order.md), which receipt times may not show (replicas’ clocks, up to a few hundred ms). Lists are ordered by it, newest first; null for events captured before capture numbers existed, listed after the numbered ones.',
    }),
    method: z.string(),
    content_type: z.string().nullable(),
    size: z.number().int().meta({ description: 'Body size in bytes.' }),
    provider: z.string().nullable(),
    verification: z.object({
      state: VerificationState.nullable().meta({
        description: 'The final verification state; null while the check is still due (`pending`).',
      }),
      cause: z.string().nullable(),
      pending: z.boolean().meta({
        description: 'True while the event waits for its signature check (its endpoint has a provider); `state` is null until then.',
      }),
    }),
    duplicate_of: z.uuid().nullable().meta({ description: 'The first capture of the same delivery, when this one repeats it.' }),
    event_type: z.string().nullable().meta({
      description: 'Its type, from where its provider puts it (docs/event-types.md); null when the request carries none.',
    }),
  })
  .meta({ id: 'EventSummary' });
export type EventSummary = z.infer<typeof EventSummary>;

export const EventDetail = EventSummary.extend({
  path: z.string().meta({
    description:
      'The path the sender called, its ingest token masked as in `ingest_url_hint` (`/whep_…9Ga4/sub/path`): the token is a credential and is not stored with events.',
  }),
  query: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])).meta({ description: 'Name/value pairs in arrival order.' }),
  source_address: z.string().nullable(),
  body: z.object({
    encoding: z.enum(['utf8', 'base64']).meta({ description: 'utf8 when the bytes are valid UTF-8, base64 otherwise.' }),
    data: z.string(),
    sha256: RelaySha256Hex('body.sha256'),
  }),
  verification: z.object({
    state: VerificationState.nullable().meta({
      description: 'The final verification state; null while the check is still due (`pending`).',
    }),
    cause: z.string().nullable(),
    pending: z.boolean().meta({ description: 'True while the event waits for its signature check; `state` is null until then.' }),
    detail: z.record(z.string(), z.unknown()).nullable(),
    matched_secret_id: z.uuid().nullable(),
    verified_at: RelayTimestamp('verification.verified_at').nullable(),
  }),
  schema_check: z
    .object({
      event_type_id: z.uuid(),
      valid: z.boolean(),
      error: z.string().nullable().meta({ description: 'The first reason it does not validate (`/amount must be integer`).' }),
    })
    .nullable()
    .meta({
      description: "Whether the body validates against the schema of the tenant's event type of this name; null when there is none.",
    }),
}).meta({ id: 'EventDetail' });
export type EventDetail = z.infer<typeof EventDetail>;

/** The live feed: the same filters as the list, without paging (it starts with what is captured next). */
export const EventStreamQuery = z.object(eventFilters).strict();
export type EventStreamQuery = z.infer<typeof EventStreamQuery>;
