import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { lockNotificationTarget } from './notification-target-view.js';

/** Removes the target and its notifications: what was still pending for it is not sent. */
export async function deleteNotificationTarget(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  targetId: string;
}): Promise<void> {
  const { tx, tenantId, runtime, targetId } = options;
  const before = await lockNotificationTarget(tx, targetId);
  const pending = await tx.notification.count({ where: { targetId, state: 'pending' } });
  await tx.notificationTarget.delete({ where: { id: targetId } });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'notification_target.deleted',
    target: { type: 'notification_target', id: targetId },
    details: { kind: before.kind, url: before.url, address: before.address, dropped_pending_notifications: pending },
  });
}
