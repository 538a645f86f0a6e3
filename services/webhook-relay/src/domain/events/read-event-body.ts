import type { TenantTx } from '../../db/prisma.js';
import { readableInWindow, type RetentionWindow } from '../retention/retention-window.js';

export interface EventBodyChunk {
  size: number;
  chunk: Buffer;
}

/**
 * The MCP tool events.body: `maxBytes` of an event's stored body from `offset`. Past the tenant's retention window it
 * answers 410 expired like every read of an event, whether or not the purge has dropped the day's partition yet.
 */
export async function readEventBody(options: {
  tx: TenantTx;
  eventId: string;
  offset: number;
  maxBytes: number;
  window: RetentionWindow;
}): Promise<EventBodyChunk> {
  const { tx, eventId } = options;
  // The payload's day is the event id's (relay_uuid7_day), so the lookup plans only that day's partitions.
  const rows = await tx.$queryRaw<Array<EventBodyChunk & { id: string }>>`
    SELECT e.id, p.size, substring(p.body FROM ${options.offset + 1}::int FOR ${options.maxBytes}::int) AS chunk
      FROM events e JOIN payloads p ON p.tenant_id = e.tenant_id AND p.sha256 = e.payload_sha256 AND p.plan_id = e.plan_id AND p.day = e.day
     WHERE e.id = ${eventId}::uuid AND p.day = relay_uuid7_day(${eventId}::uuid)`;
  const row = readableInWindow(options.window, { id: eventId, what: `event ${eventId}`, found: rows[0], eventIdOf: (found) => found.id });
  return { size: row.size, chunk: Buffer.from(row.chunk) };
}
