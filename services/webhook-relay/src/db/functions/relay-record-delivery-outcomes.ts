import type { ConnectionPool } from '../prisma.js';

/** One attempt and the state its delivery moves to. */
export interface DeliveryOutcome {
  attemptId: string;
  deliveryId: string;
  startedAt: Date;
  durationMs: number;
  status: number | null;
  error: string | null;
  excerpt: string | null;
  state: 'pending' | 'succeeded' | 'dead_lettered';
  nextAttemptAt: Date | null;
  /** The transformation version this attempt ran (null: none); the delivery records it. */
  transformationVersion?: number | null;
}

/** One destination's round: its attempts, in the order they were made. */
export interface DeliveryRound {
  destinationId: string;
  outcomes: DeliveryOutcome[];
}

/**
 * Records rounds of attempts of one tenant (any of its destinations) and moves their (still pending) deliveries on,
 * in one statement that sets the tenant itself (prisma/functions/relay_record_delivery_outcomes.sql).
 */
export async function relayRecordDeliveryOutcomes(
  pool: ConnectionPool,
  input: { tenantId: string; rounds: DeliveryRound[] },
): Promise<void> {
  const rows = input.rounds.flatMap((round) => round.outcomes.map((outcome) => ({ destinationId: round.destinationId, ...outcome })));
  await pool.query({
    name: 'relay-delivery-outcomes',
    text: 'SELECT relay_record_delivery_outcomes($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)',
    values: [
      input.tenantId,
      rows.map((o) => o.destinationId),
      rows.map((o) => o.attemptId),
      rows.map((o) => o.deliveryId),
      rows.map((o) => o.startedAt),
      rows.map((o) => o.durationMs),
      rows.map((o) => o.status),
      rows.map((o) => o.error),
      rows.map((o) => o.excerpt),
      rows.map((o) => o.state),
      rows.map((o) => o.nextAttemptAt),
      rows.map((o) => o.transformationVersion ?? null),
    ],
  });
}
