import type { TenantTx } from '../../db/prisma.js';
import { findEndpoint } from '../endpoints/endpoint-view.js';
import type { RetentionWindow } from '../retention/retention-window.js';

export interface EndpointEventTypeRow {
  eventType: string;
  count: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  schemaId: string | null;
}

/**
 * The catalog of one endpoint: each event type its events carry, how many, first and last received, within the
 * tenant's retention window. Counted from the events themselves when asked (the endpoint's (endpoint_id, id) index
 * bounds the scan to its events in the window), so capture writes nothing more than the type.
 */
export async function listEndpointEventTypes(options: {
  tx: TenantTx;
  endpointId: string;
  window: RetentionWindow;
}): Promise<EndpointEventTypeRow[]> {
  const { tx, endpointId, window } = options;
  await findEndpoint(tx, endpointId);
  const since = window.start.toISOString().slice(0, 10);
  const rows = await tx.$queryRaw<
    Array<{ event_type: string; count: bigint; first_seen_at: Date; last_seen_at: Date; schema_id: string | null }>
  >`
    SELECT t.event_type, t.count, t.first_seen_at, t.last_seen_at, s.id AS schema_id
      FROM (SELECT e.event_type, count(*) AS count, min(e.received_at) AS first_seen_at, max(e.received_at) AS last_seen_at
              FROM events e
             WHERE e.endpoint_id = ${endpointId}::uuid AND e.id >= ${window.firstId}::uuid AND e.day >= ${since}::date
               AND e.event_type IS NOT NULL
             GROUP BY e.event_type) t
      LEFT JOIN event_type_schemas s ON s.name = t.event_type
     ORDER BY t.count DESC, t.event_type`;
  return rows.map((row) => ({
    eventType: row.event_type,
    count: Number(row.count),
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    schemaId: row.schema_id,
  }));
}
