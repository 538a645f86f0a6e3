import { z } from 'zod';
import { RelayId, RelayListQuery, RelaySha256Hex, RelayTimestamp } from './common.js';
import { VerificationState } from './events.js';

/** The most events one triggers.wait returns, the longest it waits, and the inline body limit (the spec: 64 KiB). */
export const TRIGGER_WAIT_MAX_EVENTS = 200;
export const TRIGGER_WAIT_MAX_SECONDS = 30;
export const TRIGGER_INLINE_BODY_BYTES = 64 * 1024;

export const TriggerName = z
  .string({ error: 'trigger must be a string' })
  .regex(/^[A-Za-z0-9_.:-]{1,200}$/, 'trigger must be 1-200 letters, digits, _ . : or -');

export const TriggerWaitRequest = z
  .strictObject(
    {
      endpoint_id: RelayId('endpoint_id'),
      trigger: TriggerName.optional().meta({
        description: 'The trigger’s name on the endpoint (default `default`); registered on first use.',
      }),
      ack: z.string({ error: 'ack must be a string' }).max(200, 'ack must be at most 200 characters').nullable().optional().meta({
        description:
          'The `next_cursor` of the previous call, once its events are processed: the stored cursor moves there. Without it (or null) the same events come again.',
      }),
      limit: z
        .number({ error: 'limit must be a number' })
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(TRIGGER_WAIT_MAX_EVENTS, `limit must be at most ${TRIGGER_WAIT_MAX_EVENTS}`)
        .default(50),
      wait_seconds: z
        .number({ error: 'wait_seconds must be a number' })
        .min(0, 'wait_seconds must be at least 0')
        .max(TRIGGER_WAIT_MAX_SECONDS, `wait_seconds must be at most ${TRIGGER_WAIT_MAX_SECONDS}`)
        .default(0)
        .meta({ description: 'When nothing is waiting, wait up to this long and return as soon as an event arrives.' }),
      max_inline_bytes: z
        .number({ error: 'max_inline_bytes must be a number' })
        .int('max_inline_bytes must be a whole number')
        .min(0, 'max_inline_bytes must be at least 0')
        .max(TRIGGER_INLINE_BODY_BYTES, `max_inline_bytes must be at most ${TRIGGER_INLINE_BODY_BYTES}`)
        .default(TRIGGER_INLINE_BODY_BYTES)
        .meta({
          description:
            'Bodies up to this size come inline; larger ones by reference (GET /v1/events/{event_id}, or the MCP tool events.body).',
        }),
      start: z
        .enum(['now', 'oldest'], { error: 'start must be now or oldest' })
        .default('now')
        .meta({ description: 'For a new trigger only: drain from registration on, or from the oldest stored event.' }),
    },
    { error: (issue) => (issue.code === 'invalid_type' ? 'body must be a JSON object' : undefined) },
  )
  .meta({ id: 'TriggerWaitRequest' });
export type TriggerWaitRequest = z.infer<typeof TriggerWaitRequest>;

export const TriggerEventBody = z.union([
  z.object({ encoding: z.enum(['utf8', 'base64']), data: z.string(), size: z.number().int(), sha256: RelaySha256Hex('sha256') }),
  z.object({
    by_reference: z.literal(true),
    size: z.number().int(),
    sha256: RelaySha256Hex('sha256'),
    fetch: z.object({ tool: z.literal('events.body'), event_id: z.uuid() }),
  }),
]);

export const TriggerEvent = z
  .object({
    id: z.uuid(),
    received_at: RelayTimestamp('received_at'),
    method: z.string(),
    query: z.string(),
    headers: z.array(z.tuple([z.string(), z.string()])),
    verification: z.object({ state: VerificationState, cause: z.string().nullable(), provider: z.string().nullable() }),
    body: TriggerEventBody.nullable().meta({ description: 'null when verification failed (the body may be forged).' }),
    body_withheld: z.string().optional(),
  })
  .meta({ id: 'TriggerEvent' });
export type TriggerEvent = z.infer<typeof TriggerEvent>;

export const TriggerWaitResult = z
  .object({
    trigger_id: z.uuid(),
    trigger: z.string(),
    endpoint_id: z.uuid(),
    events: z.array(TriggerEvent),
    next_cursor: z.string().nullable().meta({
      description:
        'Pass back as `ack` once these events are processed. With no events, the trigger’s stored position (acknowledging it changes nothing); null only for a trigger that starts with the oldest stored event and has read none (null is taken as no ack).',
    }),
    caught_up: z.boolean().meta({ description: 'No further event was waiting after these.' }),
    held_by_pending_verification: z.boolean().meta({ description: 'The batch stops before an event still being verified.' }),
  })
  .meta({ id: 'TriggerWaitResult' });
export type TriggerWaitResult = z.infer<typeof TriggerWaitResult>;

export const Trigger = z
  .object({
    id: z.uuid(),
    endpoint_id: z.uuid(),
    name: z.string(),
    last_drained_event_id: z.uuid().nullable().meta({ description: 'The last event the agent acknowledged.' }),
    oauth_client_id: z.string().nullable().meta({ description: 'The MCP client that registered it, if one did.' }),
    created_at: RelayTimestamp('created_at'),
    updated_at: RelayTimestamp('updated_at'),
  })
  .meta({ id: 'Trigger' });
export type Trigger = z.infer<typeof Trigger>;

export const ListTriggersQuery = RelayListQuery.extend({ endpoint_id: RelayId('endpoint_id').optional() });
export type ListTriggersQuery = z.infer<typeof ListTriggersQuery>;

/** An agent a person authorized on the MCP server (an OAuth grant). */
export const Agent = z
  .object({
    id: z.uuid(),
    client_id: z.string(),
    client_name: z.string().nullable(),
    authorized_by: z.string().meta({ description: 'Who consented: `api_key:<id>` or `user:<id>`.' }),
    created_at: RelayTimestamp('created_at'),
  })
  .meta({ id: 'Agent' });
export type Agent = z.infer<typeof Agent>;
