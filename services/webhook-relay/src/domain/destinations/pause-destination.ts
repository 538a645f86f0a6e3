import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { sqlOf } from '../notifications/enqueue-notification.js';
import { notify } from '../issues/note-failure.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { CLOSED_BREAKER_COLUMNS } from './destination-controls.js';
import { findDestination, lockDestination, type DestinationWithSecrets } from './destination-view.js';

interface ChangeOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  destinationId: string;
}

/**
 * Pauses a destination by hand: events still join its queue, which holds in order (nothing sent, nothing
 * dead-lettered) until it is resumed. Pausing a paused destination changes only the reason.
 */
export async function pauseDestination(options: ChangeOptions & { reason?: string }): Promise<DestinationWithSecrets> {
  const { tx, tenantId, runtime, sealed, destinationId } = options;
  const before = await lockDestination(tx, sealed, destinationId);
  const now = runtime.now();
  await tx.destination.update({
    where: { id: destinationId },
    data: { pausedAt: before.pausedAt ?? now, pausedReason: options.reason ?? null, updatedAt: now },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'destination.paused',
    target: { type: 'destination', id: destinationId },
    details: { reason: options.reason ?? null },
  });
  return findDestination(tx, sealed, destinationId);
}

/**
 * Resumes a destination: not paused, on again if it was turned off, its breaker closed, and its queue's head
 * due at once (a probe or retry it was waiting for is not waited out). Notifies `destination.recovered` when
 * the relay had turned it off or its breaker was open.
 */
export async function resumeDestination(options: ChangeOptions): Promise<DestinationWithSecrets> {
  const { tx, tenantId, runtime, sealed, destinationId } = options;
  const before = await lockDestination(tx, sealed, destinationId);
  const now = runtime.now();
  await tx.destination.update({
    where: { id: destinationId },
    data: { enabled: true, disabledReason: null, pausedAt: null, pausedReason: null, ...CLOSED_BREAKER_COLUMNS, updatedAt: now },
  });
  await dueAtOnce(tx, destinationId);
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'destination.resumed',
    target: { type: 'destination', id: destinationId },
    details: { was_paused: before.pausedAt !== null, was_enabled: before.enabled, disabled_reason: before.disabledReason },
  });
  if (!before.enabled || before.breakerState === 'open')
    await notify(sqlOf(tx), tenantId, runtime, 'destination.recovered', {
      destination_id: destinationId,
      recovered_at: now.toISOString(),
      by: options.actor,
    });
  return findDestination(tx, sealed, destinationId);
}

/** The destination's failed head (the only pending delivery with a retry time) is due now. */
export async function dueAtOnce(tx: TenantTx, destinationId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE deliveries SET next_attempt_at = NULL
     WHERE destination_id = ${destinationId}::uuid AND state = 'pending' AND next_attempt_at IS NOT NULL`;
}
