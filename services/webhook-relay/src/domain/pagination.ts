import { RelayError } from './relay-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface PageRequest {
  limit: number;
  cursor?: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Cursors are opaque to clients: the id of the last row of the page, versioned and encoded. Rows
 * page by id (time-ordered UUIDs), so a page stays stable while new rows arrive.
 */
export function encodeCursor(lastId: string): string {
  return Buffer.from(`v1:${lastId}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const decoded = Buffer.from(cursor, 'base64url').toString('utf8');
  const id = decoded.startsWith('v1:') ? decoded.slice(3) : '';
  if (!UUID.test(id)) throw new RelayError('invalid_request', 'cursor is not valid: pass next_cursor from the previous page unchanged');
  return id;
}

/**
 * The smallest v7 UUID of a millisecond: ids of events received at or after `at` sort at or above
 * it, so a time range is an id range (no index on the time itself).
 */
export function firstIdAt(at: Date): string {
  const hex = at.getTime().toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/** Fetch limit + 1 rows; this turns them into a page and the cursor of the next one. */
export function toPage<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeCursor(items[items.length - 1]!.id) : null };
}
