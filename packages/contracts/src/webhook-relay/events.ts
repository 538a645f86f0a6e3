import { z } from 'zod';
import { RelayCursor, RelayId, RelayLimit, Timestamp } from './common.js';

export const VerificationState = z.enum(['verified', 'authenticated', 'failed', 'unattempted']).meta({ id: 'VerificationState' });
export type VerificationState = z.infer<typeof VerificationState>;

export const ListEventsQuery = z
  .object({
    limit: RelayLimit,
    cursor: RelayCursor.optional(),
    endpoint_id: RelayId('endpoint_id').optional(),
    from: Timestamp.optional(),
    to: Timestamp.optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), { message: 'from must be earlier than to', path: ['from'] });
export type ListEventsQuery = z.infer<typeof ListEventsQuery>;

export const EventSummary = z
  .object({
    id: z.uuid(),
    endpoint_id: z.uuid(),
    received_at: z.string(),
    method: z.string(),
    content_type: z.string().nullable(),
    size: z.number().int(),
    provider: z.string().nullable(),
    verification: z.object({ state: VerificationState, cause: z.string().nullable() }),
    duplicate_of: z.uuid().nullable(),
  })
  .meta({ id: 'EventSummary' });
export type EventSummary = z.infer<typeof EventSummary>;

export const EventDetail = EventSummary.extend({
  path: z.string(),
  query: z.string(),
  headers: z.array(z.tuple([z.string(), z.string()])).meta({ description: 'Name/value pairs in arrival order.' }),
  source_address: z.string().nullable(),
  body: z.object({ encoding: z.enum(['utf8', 'base64']), data: z.string(), sha256: z.string() }),
  verification: z.object({
    state: VerificationState,
    cause: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()).nullable(),
    matched_secret_id: z.uuid().nullable(),
    verified_at: z.string().nullable(),
  }),
}).meta({ id: 'EventDetail' });
export type EventDetail = z.infer<typeof EventDetail>;
