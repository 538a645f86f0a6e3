import { z } from 'zod';

// Wire shapes of webhook-relay's REST API (shared/specs/webhook-relay.md): snake_case members,
// ISO 8601 timestamps, UUID ids, every error as {"error": {"code", "message"}}.

export const RELAY_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'idempotency_key_in_use',
  'payload_too_large',
  'unsupported_media_type',
  'idempotency_key_reused',
  'unavailable',
  'internal',
] as const;
export type RelayErrorCode = (typeof RELAY_ERROR_CODES)[number];

export const RelayError = z
  .object({ error: z.object({ code: z.enum(RELAY_ERROR_CODES), message: z.string() }) })
  .meta({ id: 'RelayError', description: 'Every error answer.' });
export type RelayError = z.infer<typeof RelayError>;

const MAX_LIMIT = 100;
export const RelayLimit = z
  .string()
  .default('20')
  .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_LIMIT, `limit must be an integer between 1 and ${MAX_LIMIT}`)
  .transform(Number);
export const RelayCursor = z.string().min(1, 'cursor must not be empty').max(512, 'cursor must be at most 512 characters');

export const RelayListQuery = z.object({ limit: RelayLimit, cursor: RelayCursor.optional() }).strict();
export type RelayListQuery = z.infer<typeof RelayListQuery>;

export const relayPage = <Item extends z.ZodType>(item: Item) => z.object({ data: z.array(item), next_cursor: z.string().nullable() });

export const RelayId = (name: string) => z.uuid(`${name} must be a UUID`);
export const Timestamp = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time, e.g. 2026-11-23T10:00:00Z' });

/** A JSON request body: an object, with a message that says so when it is anything else. */
export const jsonObject = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape, { error: (issue) => (issue.path?.length ? undefined : 'body must be a JSON object') }).strict();

export const nonBlankName = (field: string, max = 200) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);
