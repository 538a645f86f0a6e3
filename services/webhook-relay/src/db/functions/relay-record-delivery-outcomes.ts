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

/**
 * Records a round of attempts and moves their (still pending) deliveries on, in one statement that sets the
 * tenant itself; with `disable` (the reason), turns the destination off too
 * (prisma/functions/relay_record_delivery_outcomes.sql).
 */
export async function relayRecordDeliveryOutcomes(
  pool: ConnectionPool,
  input: { tenantId: string; destinationId: string; outcomes: DeliveryOutcome[]; disable: string | null },
): Promise<void> {
  const { outcomes } = input;
  await pool.query({
    name: 'relay-delivery-outcomes',
    text: 'SELECT relay_record_delivery_outcomes($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)',
    values: [
      input.tenantId,
      input.destinationId,
      outcomes.map((o) => o.attemptId),
      outcomes.map((o) => o.deliveryId),
      outcomes.map((o) => o.startedAt),
      outcomes.map((o) => o.durationMs),
      outcomes.map((o) => o.status),
      outcomes.map((o) => o.error),
      outcomes.map((o) => o.excerpt),
      outcomes.map((o) => o.state),
      outcomes.map((o) => o.nextAttemptAt),
      input.disable,
      outcomes.map((o) => o.transformationVersion ?? null),
    ],
  });
}
