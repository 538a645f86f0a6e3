import type { ConnectionPool } from '../prisma.js';

/**
 * The destination's columns (repeated on every row) and one pending head per row, in FIFO order; when no
 * head is due, a single row whose head columns are null (`id` tells).
 */
export interface DeliveryHeadRow {
  url: string;
  timeout_ms: number;
  headers_ciphertext: Uint8Array | null;
  /** false when the destination is disabled or deleted. */
  live: boolean;
  /** Signing secrets in force, sealed (base64). */
  secrets: Array<{ id: string; sealed: string }>;
  id: string | null;
  event_id: string;
  attempts: number;
  next_attempt_at: Date | null;
  state: string;
  content_type: string | null;
  body: Uint8Array;
  /** More pending deliveries wait behind an earlier-captured event not yet fanned out. */
  held: boolean;
}

/**
 * A destination and its oldest pending deliveries, in one statement that sets the tenant itself; no row when
 * the destination does not exist (prisma/functions/relay_delivery_heads.sql).
 */
export async function relayDeliveryHeads(
  pool: ConnectionPool,
  input: { tenantId: string; destinationId: string; limit: number; now: Date },
): Promise<DeliveryHeadRow[]> {
  const { rows } = await pool.query<DeliveryHeadRow>({
    name: 'relay-delivery-heads',
    text: 'SELECT * FROM relay_delivery_heads($1, $2, $3, $4)',
    values: [input.tenantId, input.destinationId, input.limit, input.now],
  });
  return rows;
}
