import { z } from 'zod';
import { jsonObject, RelayId, RelayListQuery, RelayTimestamp } from './common.js';

// Bulk retry of a destination's dead letters (services/webhook-relay/docs/bulk-retry.md): a preview says what a
// selection holds; a started one is a durable job that re-sends them, in their order, as new deliveries.

const STATUS_MESSAGE = 'last_status must be an HTTP status (an integer from 100 to 599) or a class such as "5xx"';

/** One status (502) or a class ("5xx"). */
export const BulkRetryStatus = z
  .union(
    [
      z.number({ error: STATUS_MESSAGE }).int(STATUS_MESSAGE).min(100, STATUS_MESSAGE).max(599, STATUS_MESSAGE),
      z.string().regex(/^[1-5]xx$/, STATUS_MESSAGE),
    ],
    {
      error: STATUS_MESSAGE,
    },
  )
  .meta({ id: 'BulkRetryStatus', description: 'An HTTP status, or a class: "1xx" to "5xx".' });
export type BulkRetryStatus = z.infer<typeof BulkRetryStatus>;

export const BulkRetryFilter = jsonObject({
  endpoint_id: RelayId('filter.endpoint_id').optional().meta({ description: 'Only dead letters of events captured on this endpoint.' }),
  event_type: z
    .string({ error: 'filter.event_type must be a string' })
    .min(1, 'filter.event_type must not be empty')
    .max(200, 'filter.event_type must be at most 200 characters')
    .optional()
    .meta({ description: "Only events of this type (the type subscriptions filter on: a type header, or the JSON body's type)." }),
  last_status: BulkRetryStatus.optional().meta({
    description: 'Only dead letters whose last attempt was answered with this status (or class).',
  }),
}).meta({ id: 'BulkRetryFilter' });
export type BulkRetryFilter = z.infer<typeof BulkRetryFilter>;

/** Which dead letters: those of one destination, dead-lettered in [from, to), optionally filtered. */
export const BulkRetrySelection = jsonObject({
  destination_id: RelayId('destination_id').meta({ description: 'The destination whose dead letters are sent again (to itself).' }),
  from: RelayTimestamp('from').optional().meta({ description: 'Dead-lettered at or after this time.' }),
  to: RelayTimestamp('to').optional().meta({ description: 'Dead-lettered before this time (default: when the request is made).' }),
  filter: BulkRetryFilter.optional(),
})
  .refine((body) => !body.from || !body.to || Date.parse(body.from) < Date.parse(body.to), {
    message: 'from must be earlier than to',
    path: ['from'],
  })
  .meta({ id: 'BulkRetrySelection' });
export type BulkRetrySelection = z.infer<typeof BulkRetrySelection>;

export const BulkRetryPreview = z
  .object({
    deliveries: z.number().int().meta({ description: 'Dead letters the selection holds now (those with a pending replay left out).' }),
    events: z.number().int().meta({ description: 'Distinct events among them.' }),
    oldest: RelayTimestamp('oldest').nullable().meta({ description: 'When the oldest of them was dead-lettered; null when none.' }),
    newest: RelayTimestamp('newest').nullable().meta({ description: 'When the newest of them was dead-lettered; null when none.' }),
  })
  .meta({ id: 'BulkRetryPreview' });
export type BulkRetryPreview = z.infer<typeof BulkRetryPreview>;

export const BulkRetryState = z.enum(['queued', 'running', 'succeeded', 'cancelled', 'failed']).meta({ id: 'BulkRetryState' });
export type BulkRetryState = z.infer<typeof BulkRetryState>;

export const BulkRetry = z
  .object({
    id: z.uuid(),
    state: BulkRetryState,
    selection: BulkRetrySelection,
    total: z.number().int().nullable().meta({ description: 'Dead letters the selection held when the job started; null while queued.' }),
    retried: z.number().int().meta({ description: 'New deliveries queued so far, in the dead letters’ order.' }),
    created_at: RelayTimestamp('created_at'),
    started_at: RelayTimestamp('started_at').nullable(),
    finished_at: RelayTimestamp('finished_at').nullable(),
    cancelled_at: RelayTimestamp('cancelled_at').nullable(),
    error: z.string().nullable().meta({ description: 'Why a failed job stopped.' }),
  })
  .meta({ id: 'BulkRetry' });
export type BulkRetry = z.infer<typeof BulkRetry>;

export const ListBulkRetriesQuery = RelayListQuery.extend({
  destination_id: RelayId('destination_id').optional().meta({ description: "Only this destination's bulk retries." }),
});
export type ListBulkRetriesQuery = z.infer<typeof ListBulkRetriesQuery>;
