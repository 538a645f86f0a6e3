import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';

export interface DisableGoneDestinationOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  destinationId: string;
  /** The delivery whose attempt was answered 410. */
  deliveryId: string;
  reason: string;
}

/**
 * Turns off a destination that answered 410 Gone and records it in the audit log, in the caller's
 * transaction: the destination is never off without the entry saying why. Returns false (and records
 * nothing) when it was already off or deleted.
 */
export async function disableGoneDestination(options: DisableGoneDestinationOptions): Promise<boolean> {
  const { tx, tenantId, runtime, destinationId } = options;
  const { count } = await tx.destination.updateMany({
    where: { id: destinationId, enabled: true, deletedAt: null },
    data: { enabled: false, disabledReason: options.reason, updatedAt: runtime.now() },
  });
  if (count === 0) return false;
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: 'system:delivery',
    action: 'destination.disabled',
    target: { type: 'destination', id: destinationId },
    details: { reason: options.reason, delivery_id: options.deliveryId },
  });
  return true;
}
