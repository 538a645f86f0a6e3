import type { ConnectionPool } from '../../db/prisma.js';
import { withTenantSql, type SqlClient } from '../../db/tenant-sql.js';
import type { DeliveryJob } from '../../queue/delivery-queues.js';

// Destinations' FIFO order is the order their deliveries get positions in; transactions that add
// deliveries to the same destination take its lock first, so positions follow commit order.
export const LOCK_DESTINATIONS = `
SELECT pg_advisory_xact_lock(hashtextextended('relay_delivery_order:' || x.destination_id::text, 0))
  FROM (SELECT DISTINCT unnest($1::uuid[]) AS destination_id ORDER BY 1) x`;

const SUBSCRIBED = `
SELECT DISTINCT s.destination_id FROM subscriptions s
 WHERE s.endpoint_id IN (SELECT e.endpoint_id FROM events e WHERE e.id = ANY($1::uuid[]))`;

// Ready events (checked, or with nothing to check) that are not repeats, times the subscriptions of
// their endpoint that match their state and event type, to enabled destinations; in capture order.
// An event already delivered there is skipped (the partial unique index), so this is idempotent.
const FAN_OUT = `
WITH ready AS (
  SELECT e.id, e.endpoint_id, e.headers, e.payload_sha256, coalesce(c.state, 'unattempted') AS state
    FROM events e LEFT JOIN event_checks c ON c.event_id = e.id
   WHERE e.id = ANY($1::uuid[]) AND e.duplicate_of IS NULL AND (NOT e.to_verify OR c.event_id IS NOT NULL)
), matched AS (
  SELECT r.id AS event_id, s.destination_id
    FROM ready r
    JOIN subscriptions s ON s.endpoint_id = r.endpoint_id AND (cardinality(s.states) = 0 OR r.state = ANY (s.states))
    JOIN destinations d ON d.id = s.destination_id AND d.enabled AND d.deleted_at IS NULL
   WHERE cardinality(s.event_types) = 0
      OR relay_event_type(r.headers, (SELECT p.body FROM payloads p WHERE p.tenant_id = $2 AND p.sha256 = r.payload_sha256)) = ANY (s.event_types)
)
INSERT INTO deliveries (id, tenant_id, destination_id, event_id, created_at)
SELECT relay_uuid7(), $2, m.destination_id, m.event_id, $3 FROM matched m ORDER BY m.event_id, m.destination_id
ON CONFLICT (event_id, destination_id) WHERE replay_of IS NULL DO NOTHING
RETURNING id, destination_id`;

export interface FanOutEventsOptions {
  pool: ConnectionPool;
  tenantId: string;
  eventIds: string[];
  now: Date;
}

/** Writes the outbox rows of one tenant's events (one transaction) and returns the jobs to add. */
export async function fanOutEvents(options: FanOutEventsOptions): Promise<DeliveryJob[]> {
  const { tenantId } = options;
  return withTenantSql(options.pool, tenantId, async (sql) => {
    const destinations = await subscribedDestinations(sql, options.eventIds);
    if (destinations.length === 0) return [];
    await sql.query(LOCK_DESTINATIONS, [destinations]);
    const { rows } = await sql.query<{ id: string; destination_id: string }>({ name: 'relay-fan-out', text: FAN_OUT, values: [options.eventIds, tenantId, options.now] });
    return rows.map((row) => ({ tenantId, destinationId: row.destination_id, deliveryId: row.id }));
  });
}

async function subscribedDestinations(sql: SqlClient, eventIds: string[]): Promise<string[]> {
  const { rows } = await sql.query<{ destination_id: string }>({ name: 'relay-fan-out-subscribed', text: SUBSCRIBED, values: [eventIds] });
  return rows.map((row) => row.destination_id);
}
