import type { Page } from '../pagination.js';
import { RelayError } from '../relay-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * An event's place in capture order (docs/delivery-order.md#listing-events): its capture number, then its id. Events
 * without a number (captured before numbers existed) come after every numbered one, by id.
 */
export interface CapturePlace {
  seq: bigint | null;
  id: string;
}

/** Opaque to clients: the place of the last event of a page, versioned and encoded like every cursor. */
export function encodeCaptureCursor(place: CapturePlace): string {
  return Buffer.from(`c1:${place.seq ?? ''}:${place.id}`).toString('base64url');
}

export function decodeCaptureCursor(cursor: string | undefined): CapturePlace | undefined {
  if (cursor === undefined) return undefined;
  const match = /^c1:(\d{1,19})?:(.+)$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || !UUID.test(match[2]!))
    throw new RelayError('invalid_request', 'cursor is not valid: pass next_cursor from the previous page unchanged');
  return { seq: match[1] === undefined ? null : BigInt(match[1]), id: match[2]! };
}

/** Fetch limit + 1 rows in capture order; this turns them into a page and the cursor of the next one. */
export function toCapturePage<T extends { id: string; captureSeq: bigint | null }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCaptureCursor({ seq: last.captureSeq, id: last.id }) : null };
}
