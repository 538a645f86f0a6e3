import { z } from 'zod';
import { jsonObject, RelayId, RelayListQuery, RelayTimestamp } from './common.js';

export const DeliveryState = z.enum(['pending', 'succeeded', 'dead_lettered', 'cancelled', 'filtered']).meta({ id: 'DeliveryState' });
export type DeliveryState = z.infer<typeof DeliveryState>;

export const ListDeliveriesQuery = RelayListQuery.extend({
  state: DeliveryState.optional(),
  destination_id: RelayId('destination_id').optional(),
  event_id: RelayId('event_id').optional(),
});
export type ListDeliveriesQuery = z.infer<typeof ListDeliveriesQuery>;

export const DeliveryAttempt = z
  .object({
    id: z.uuid(),
    started_at: RelayTimestamp('started_at'),
    duration_ms: z.number().int(),
    status_code: z.number().int().nullable(),
    error: z.string().nullable(),
    response_excerpt: z.string().nullable().meta({ description: 'The start of the response body (bounded).' }),
  })
  .meta({ id: 'DeliveryAttempt' });
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const Delivery = z
  .object({
    id: z.uuid(),
    destination_id: z.uuid(),
    event_id: z.uuid(),
    state: DeliveryState,
    attempts: z.number().int(),
    next_attempt_at: RelayTimestamp('next_attempt_at').nullable(),
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    replay_of: z.uuid().nullable().meta({ description: 'The delivery or event this replay re-sends.' }),
    created_at: RelayTimestamp('created_at'),
    completed_at: RelayTimestamp('completed_at').nullable(),
    dead_lettered_at: RelayTimestamp('dead_lettered_at').nullable(),
    transformation_version: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The transformation version its last attempt ran; null: sent as captured (or not attempted yet).' }),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof Delivery>;

export const DeliveryDetail = Delivery.extend({ attempt_log: z.array(DeliveryAttempt) }).meta({ id: 'DeliveryDetail' });
export type DeliveryDetail = z.infer<typeof DeliveryDetail>;

const MAX_IDS = 1000;
const ids = (field: string) =>
  z
    .array(RelayId(field), { error: `${field} must be an array of UUIDs` })
    .min(1, `${field} must not be empty`)
    .max(MAX_IDS, `${field} must have at most ${MAX_IDS} entries`);

/** Exactly one selector: events by id, dead-lettered deliveries by id, or events received in [from, to). */
export const ReplayRequest = jsonObject({
  destination_id: RelayId('destination_id'),
  event_ids: ids('event_ids').optional(),
  delivery_ids: ids('delivery_ids').optional().meta({ description: 'Dead-lettered deliveries (of any destination) to send again.' }),
  from: RelayTimestamp('from').optional(),
  to: RelayTimestamp('to').optional(),
  endpoint_id: RelayId('endpoint_id').optional().meta({ description: 'With from/to: only this endpoint’s events.' }),
})
  .refine((body) => [body.event_ids, body.delivery_ids, body.from ?? body.to].filter((selector) => selector !== undefined).length === 1, {
    message: 'body must have exactly one of event_ids, delivery_ids, or from and to',
  })
  .refine((body) => (body.from === undefined) === (body.to === undefined), {
    message: 'from and to must be given together',
    path: ['from'],
  })
  .refine((body) => !body.from || !body.to || Date.parse(body.from) < Date.parse(body.to), {
    message: 'from must be earlier than to',
    path: ['from'],
  })
  .refine((body) => body.endpoint_id === undefined || body.from !== undefined, {
    message: 'endpoint_id only goes with from and to',
    path: ['endpoint_id'],
  })
  .meta({ id: 'ReplayRequest' });
export type ReplayRequest = z.infer<typeof ReplayRequest>;

export const ReplayResult = z
  .object({
    destination_id: z.uuid(),
    replayed: z.number().int().meta({ description: 'New deliveries queued, in capture order.' }),
    delivery_ids: z.array(z.uuid()),
  })
  .meta({ id: 'ReplayResult' });
export type ReplayResult = z.infer<typeof ReplayResult>;
