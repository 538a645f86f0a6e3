import type { TenantTx } from '../../db/prisma.js';
import { findEndpoint } from '../endpoints/endpoint-view.js';
import { firstIdAt } from '../pagination.js';
import type { RetentionWindow } from '../retention/retention-window.js';

export interface EndpointEventTypeRow {
  eventType: string;
  count: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  schemaId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A UTC day is sealed an hour after it ends: an event carries the day of its id, taken when it was received, and
 * is committed within seconds of it, so no event of a sealed day is still to come.
 */
const SEAL_AFTER_MS = 60 * 60 * 1000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The days of the window the catalog counts from events on each read, and the sealed days between them. */
function catalogDays(window: RetentionWindow, now: Date): { firstDay: string; sealedFrom: string; sealedThrough: string } {
  const firstDay = dayOf(window.start);
  // The last day that ended at least SEAL_AFTER_MS ago.
  const sealedThrough = dayOf(new Date(Date.parse(dayOf(new Date(now.getTime() - SEAL_AFTER_MS))) - DAY_MS));
  // The window's first day is partial (the window starts within it): it is always counted from events.
  const sealedFrom = dayOf(new Date(Date.parse(firstDay) + DAY_MS));
  return { firstDay, sealedFrom, sealedThrough };
}

/**
 * The catalog of one endpoint: each event type its events carry, how many, first and last received, within the
 * tenant's retention window. Whole sealed days come from endpoint_event_type_days, each counted from the events
 * once, by the first read that needs it; the window's first day and the days not sealed yet are counted from the
 * events (the endpoint's (endpoint_id, id) index bounds that scan to them). A read costs what the endpoint captured
 * in the last day or two, not in the whole window; capture writes nothing more than the type.
 */
export async function listEndpointEventTypes(options: {
  tx: TenantTx;
  tenantId: string;
  endpointId: string;
  window: RetentionWindow;
  now: Date;
}): Promise<EndpointEventTypeRow[]> {
  const { tx, tenantId, endpointId, window } = options;
  await findEndpoint(tx, endpointId);
  const { firstDay, sealedFrom, sealedThrough } = catalogDays(window, options.now);
  if (sealedFrom <= sealedThrough) await countSealedDays(tx, { tenantId, endpointId, sealedFrom, sealedThrough });
  // Counted from the events: the window's first day, and the days after the sealed ones, as two ranges of ids
  // (UUIDv7, so in time order) that do not overlap, each read by the endpoint's (endpoint_id, id) index alone.
  const firstDayEnd = firstIdAt(new Date(Date.parse(sealedFrom)));
  const liveFrom = firstIdAt(new Date(Math.max(Date.parse(sealedThrough) + DAY_MS, Date.parse(sealedFrom))));
  const rows = await tx.$queryRaw<
    Array<{ event_type: string; count: bigint; first_seen_at: Date; last_seen_at: Date; schema_id: string | null }>
  >`
    SELECT t.event_type, sum(t.count)::bigint AS count, min(t.first_seen_at) AS first_seen_at,
           max(t.last_seen_at) AS last_seen_at, s.id AS schema_id
      FROM (SELECT d.event_type, d.count, d.first_seen_at, d.last_seen_at
              FROM endpoint_event_type_days d
             WHERE d.endpoint_id = ${endpointId}::uuid AND d.day BETWEEN ${sealedFrom}::date AND ${sealedThrough}::date
            UNION ALL
            SELECT e.event_type, count(*), min(e.received_at), max(e.received_at)
              FROM events e
             WHERE e.endpoint_id = ${endpointId}::uuid AND e.day = ${firstDay}::date AND e.event_type IS NOT NULL
               AND e.id >= ${window.firstId}::uuid AND e.id < ${firstDayEnd}::uuid
             GROUP BY e.event_type
            UNION ALL
            SELECT e.event_type, count(*), min(e.received_at), max(e.received_at)
              FROM events e
             WHERE e.endpoint_id = ${endpointId}::uuid AND e.day >= ${sealedFrom}::date AND e.event_type IS NOT NULL
               AND e.id >= ${liveFrom}::uuid
             GROUP BY e.event_type) t
      LEFT JOIN event_type_schemas s ON s.name = t.event_type
     GROUP BY t.event_type, s.id
     ORDER BY count DESC, t.event_type`;
  return rows.map((row) => ({
    eventType: row.event_type,
    count: Number(row.count),
    firstSeenAt: row.first_seen_at,
    lastSeenAt: row.last_seen_at,
    schemaId: row.schema_id,
  }));
}

/**
 * Counts the sealed days of the window not counted yet, once, and forgets the endpoint's days that left the window.
 * Two reads counting the same day at once write the same counts; the second's are skipped.
 */
async function countSealedDays(
  tx: TenantTx,
  days: { tenantId: string; endpointId: string; sealedFrom: string; sealedThrough: string },
): Promise<void> {
  const { tenantId, endpointId, sealedFrom, sealedThrough } = days;
  const missing = await tx.$queryRaw<Array<{ day: string }>>`
    SELECT d::date::text AS day
      FROM generate_series(${sealedFrom}::date, ${sealedThrough}::date, interval '1 day') AS d
     WHERE NOT EXISTS (SELECT 1 FROM endpoint_catalog_days c WHERE c.endpoint_id = ${endpointId}::uuid AND c.day = d::date)`;
  if (missing.length > 0) {
    const missingDays = missing.map((row) => row.day);
    await tx.$executeRaw`
      INSERT INTO endpoint_event_type_days (endpoint_id, day, event_type, tenant_id, count, first_seen_at, last_seen_at)
      SELECT e.endpoint_id, e.day, e.event_type, ${tenantId}::uuid, count(*), min(e.received_at), max(e.received_at)
        FROM events e
       WHERE e.endpoint_id = ${endpointId}::uuid AND e.day = ANY(${missingDays}::date[]) AND e.event_type IS NOT NULL
       GROUP BY e.endpoint_id, e.day, e.event_type
      ON CONFLICT DO NOTHING`;
    await tx.$executeRaw`
      INSERT INTO endpoint_catalog_days (endpoint_id, day, tenant_id)
      SELECT ${endpointId}::uuid, day, ${tenantId}::uuid FROM unnest(${missingDays}::date[]) AS day
      ON CONFLICT DO NOTHING`;
  }
  await tx.$executeRaw`DELETE FROM endpoint_event_type_days WHERE endpoint_id = ${endpointId}::uuid AND day < ${sealedFrom}::date`;
  await tx.$executeRaw`DELETE FROM endpoint_catalog_days WHERE endpoint_id = ${endpointId}::uuid AND day < ${sealedFrom}::date`;
}
