import type { TenantTx } from '../../db/prisma.js';
import type { Breaker } from '../../delivery/circuit-breaker.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { sqlOf } from '../notifications/enqueue-notification.js';
import { noteFailure, notify, resolveIssues, type FailureSeen } from './note-failure.js';

/**
 * What one round of a destination's attempts changed beyond the deliveries themselves: its breaker, the failure
 * it met (at most one: a round stops at its first failure), whether it recovered, the deliveries it dead-lettered,
 * and whether it turns the destination off (410, or a run of failures past disableAfterMs).
 */
export interface DestinationTrouble {
  tenantId: string;
  destinationId: string;
  /** The breaker after the round, and when its next probe is due (open only). */
  breaker: Breaker & { nextProbeAt: Date | null };
  /** The breaker was open before the round. */
  wasOpen: boolean;
  failure?: FailureSeen;
  /** A delivery succeeded after failures (or with issues unresolved): the destination's issues resolve. */
  recovered: boolean;
  /** The recovery came after the failure (its issue resolves too); else before it (the failure's issue stays open). */
  recoveredLast?: boolean;
  exhausted: Array<{ deliveryId: string; eventId: string; attempts: number; status: number | null; at: Date }>;
  disable?: { reason: string; deliveryId: string };
}

/**
 * Writes a round's trouble in one transaction: the breaker's columns, the issue of its failure (opened and
 * notified the first time), the issues resolved by a recovery, `delivery.exhausted` per dead letter, and
 * turning the destination off with its audit entry and `destination.disabled`. Only rounds that failed or
 * recovered call it: a healthy destination's deliveries write nothing here.
 */
export async function recordDestinationTrouble(
  tx: TenantTx,
  runtime: Runtime,
  trouble: DestinationTrouble,
): Promise<{ disabled: boolean }> {
  const { tenantId, destinationId, breaker } = trouble;
  const now = runtime.now();
  const openedNow = breaker.state === 'open' && !trouble.wasOpen;
  await tx.$executeRaw`
    UPDATE destinations
       SET breaker_state = ${breaker.state}, consecutive_failures = ${breaker.consecutiveFailures},
           failing_since = ${breaker.failingSince}, probes_failed = ${breaker.probesFailed},
           breaker_opened_at = CASE WHEN ${breaker.state} = 'closed' THEN NULL WHEN ${openedNow} THEN ${now} ELSE breaker_opened_at END,
           next_probe_at = ${breaker.nextProbeAt}
     WHERE id = ${destinationId}::uuid`;
  const sql = sqlOf(tx);
  const subject = { destinationId };
  const failure = trouble.failure;
  const recover = async () => {
    await resolveIssues(sql, { tenantId, runtime, subject, by: 'system:delivery' });
    if (trouble.wasOpen)
      await notify(sql, tenantId, runtime, 'destination.recovered', { destination_id: destinationId, recovered_at: now.toISOString() });
  };
  // In the order they happened: a success before the failure resolves the older issues, not the failure's.
  if (trouble.recovered && !trouble.recoveredLast) await recover();
  if (failure) await noteFailure(sql, { tenantId, runtime, subject, failure });
  if (trouble.recovered && trouble.recoveredLast) await recover();
  for (const dead of trouble.exhausted)
    await notify(sql, tenantId, runtime, 'delivery.exhausted', {
      destination_id: destinationId,
      delivery_id: dead.deliveryId,
      event_id: dead.eventId,
      attempts: dead.attempts,
      last_status: dead.status,
      dead_lettered_at: dead.at.toISOString(),
    });
  if (!trouble.disable) return { disabled: false };
  const { count } = await tx.destination.updateMany({
    where: { id: destinationId, enabled: true, deletedAt: null },
    data: { enabled: false, disabledReason: trouble.disable.reason, updatedAt: now },
  });
  if (count === 0) return { disabled: false };
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: 'system:delivery',
    action: 'destination.disabled',
    target: { type: 'destination', id: destinationId },
    details: { reason: trouble.disable.reason, delivery_id: trouble.disable.deliveryId },
  });
  await notify(sql, tenantId, runtime, 'destination.disabled', {
    destination_id: destinationId,
    reason: trouble.disable.reason,
    disabled_at: now.toISOString(),
  });
  return { disabled: true };
}
