import { z } from 'zod';
import { displayNameCheck } from '../display-text.js';

// Wire shapes of webhook-relay's REST API (services/webhook-relay/SPEC.md): snake_case members,
// ISO 8601 timestamps, UUID ids, every error as {"error": {"code", "message"}}.

export const RELAY_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'expired',
  'conflict',
  'idempotency_key_in_use',
  'payload_too_large',
  'capture_paused',
  'unsupported_media_type',
  'idempotency_key_reused',
  'rate_limited',
  'unavailable',
  'internal',
] as const;
export type RelayErrorCode = (typeof RELAY_ERROR_CODES)[number];

export const RelayError = z
  .object({ error: z.object({ code: z.enum(RELAY_ERROR_CODES), message: z.string() }) })
  .meta({ id: 'RelayError', description: 'Every error answer.' });
export type RelayError = z.infer<typeof RelayError>;

const MAX_LIMIT = 100;
const LIMIT_MESSAGE = `limit must be an integer between 1 and ${MAX_LIMIT}`;
// Query strings arrive as text; the document shows the integer the client means.
export const RelayLimit = z
  .string({ error: LIMIT_MESSAGE })
  .default('20')
  .refine((value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_LIMIT, LIMIT_MESSAGE)
  .transform(Number)
  .meta({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: 20 });
export const RelayCursor = z
  .string({ error: 'cursor must be a string' })
  .min(1, 'cursor must not be empty')
  .max(512, 'cursor must be at most 512 characters')
  .meta({ description: 'Opaque: the next_cursor of the page before.' });

export const RelayListQuery = z.object({ limit: RelayLimit, cursor: RelayCursor.optional() }).strict();
export type RelayListQuery = z.infer<typeof RelayListQuery>;

export const relayPage = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable().meta({ description: 'null on the last page.' }) });
export type RelayPage<Item> = { data: Item[]; next_cursor: string | null };

export const RelayId = (name: string) => z.uuid({ error: `${name} must be a UUID` });
export const RelayTimestamp = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 date and time with a zone, e.g. 2026-11-23T10:00:00Z` });
export const RelaySha256Hex = (field: string) => z.string().regex(/^[0-9a-f]{64}$/, `${field} must be 64 lowercase hex digits`);

// Printable ASCII only: the key is stored and compared byte for byte, and echoed in logs.
export const IdempotencyKey = z
  .string({ error: 'Idempotency-Key must be a string' })
  .regex(/^[\x21-\x7e]{1,255}$/, 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces')
  .meta({ description: 'Retries with the same key and body get the first answer back (kept 24 h).' });
export type IdempotencyKey = z.infer<typeof IdempotencyKey>;

export const RelayHealth = z
  .object({ status: z.string(), checks: z.record(z.string(), z.enum(['ok', 'failing'])).optional() })
  .meta({ id: 'RelayHealth' });
export type RelayHealth = z.infer<typeof RelayHealth>;

/** A JSON request body: a strict object, with a message that says so when it is anything else. */
export const jsonObject = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'invalid_type' ? 'body must be a JSON object' : undefined) });

/** A name or label people read back: no NUL, lone surrogate or control character, and something visible. */
export const nonBlankName = (field: string, max = 200) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .superRefine(displayNameCheck((problem) => `${field} ${problem}`))
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`);
