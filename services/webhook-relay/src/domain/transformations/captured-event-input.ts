import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';
import { readableInWindow, type RetentionWindow } from '../retention/retention-window.js';

export interface CapturedEventInput {
  eventId: string;
  contentType: string | null;
  body: Buffer;
}

/** A captured request's headers are kept as [name, value] pairs in arrival order. */
function contentTypeOf(headers: unknown): string | null {
  if (!Array.isArray(headers)) return null;
  const pair = headers.find((item): item is [string, string] => Array.isArray(item) && String(item[0]).toLowerCase() === 'content-type');
  return pair ? pair[1] : null;
}

/**
 * What a delivery of a captured event carries (its body and content type), for the test console. The tenant's
 * events only (row-level security), inside its retention window like every read of an event; one past the window
 * is not found here, since the console has nothing to run it on.
 */
export async function capturedEventInput(tx: TenantTx, eventId: string, window: RetentionWindow): Promise<CapturedEventInput> {
  // The payload's day is the event id's (relay_uuid7_day), so the lookup plans only that day's partitions.
  const rows = await tx.$queryRaw<Array<{ id: string; headers: unknown; body: Uint8Array }>>`
    SELECT e.id, e.headers, p.body
      FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
     WHERE e.id = ${eventId}::uuid AND p.day = relay_uuid7_day(${eventId}::uuid)`;
  try {
    const row = readableInWindow(window, { id: eventId, what: `event ${eventId}`, found: rows[0], eventIdOf: (found) => found.id });
    return { eventId: row.id, contentType: contentTypeOf(row.headers), body: Buffer.from(row.body) };
  } catch (error) {
    if (error instanceof RelayError && error.code === 'expired') throw new RelayError('not_found', error.message);
    throw error;
  }
}
