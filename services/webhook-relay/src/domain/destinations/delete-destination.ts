import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { lockDestination } from './destination-view.js';

/** Soft delete: its subscriptions go, pending deliveries are cancelled, dead letters stay readable. */
export async function deleteDestination(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  destinationId: string;
}): Promise<void> {
  const { tx, tenantId, runtime, destinationId } = options;
  const before = await lockDestination(tx, options.sealed, destinationId);
  const now = runtime.now();
  await tx.destination.update({
    where: { id: destinationId },
    data: { deletedAt: now, enabled: false, disabledReason: 'deleted', updatedAt: now },
  });
  await tx.subscription.deleteMany({ where: { destinationId } });
  const cancelled = await tx.delivery.updateMany({
    where: { destinationId, state: 'pending' },
    data: { state: 'cancelled', completedAt: now },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'destination.deleted',
    target: { type: 'destination', id: destinationId },
    details: { name: before.name, url: before.url, cancelled_deliveries: cancelled.count },
  });
}
