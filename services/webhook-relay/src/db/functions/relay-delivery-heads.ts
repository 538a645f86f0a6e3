import type { ConnectionPool } from '../prisma.js';

/**
 * The destination's columns (repeated on every row, but for its secrets: on the first only) and one pending head
 * per row, in FIFO order; when no head is due, a single row whose head columns are null (`id` tells).
 */
export interface DeliveryHeadRow {
  destination_id: string;
  url: string;
  timeout_ms: number;
  headers_ciphertext: Uint8Array | null;
  /** false when the destination is disabled or deleted. */
  live: boolean;
  /** Signing secrets in force, sealed (base64): on the first row; null on the others. */
  secrets: Array<{ id: string; sealed: string }> | null;
  /** The circuit breaker and rate limit (docs/failure-handling.md). */
  breaker_state: string;
  consecutive_failures: number;
  failing_since: Date | null;
  probes_failed: number;
  breaker_failures: number;
  breaker_window_ms: number;
  /** bigint: pg returns it as a string. */
  disable_after_ms: string;
  rate_limit_max: number | null;
  rate_limit_per_ms: number | null;
  /** The destination has issues not resolved yet: its next success resolves them. */
  unresolved_issues: boolean;
  /** The destination's active transformation version; null: none. */
  transformation_version: number | null;
  id: string | null;
  event_id: string;
  attempts: number;
  next_attempt_at: Date | null;
  state: string;
  content_type: string | null;
  body: Uint8Array;
  /** More pending deliveries wait behind an earlier-captured event not yet fanned out. */
  held: boolean;
  /** How many pending heads were read for the destination: more than its rows with a head when one could not come back. */
  heads_read: number;
}

/**
 * Destinations of a tenant and their oldest pending deliveries, in one statement that sets the tenant itself: each
 * destination's rows together, in the order asked; none for a destination that does not exist
 * (prisma/functions/relay_delivery_heads.sql).
 */
export async function relayDeliveryHeads(
  pool: ConnectionPool,
  input: { tenantId: string; destinationIds: string[]; limit: number; now: Date },
): Promise<DeliveryHeadRow[]> {
  const { rows } = await pool.query<DeliveryHeadRow>({
    name: 'relay-delivery-heads',
    text: 'SELECT * FROM relay_delivery_heads($1, $2, $3, $4)',
    values: [input.tenantId, input.destinationIds, input.limit, input.now],
  });
  return rows;
}
