import type { UpdateNotificationTargetRequest } from '@workspace/contracts';
import type { NotificationTarget } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import type { EgressGuard } from '../../delivery/egress-guard.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { refuseUnreachableAddress } from '../destinations/destination-address.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import { lockNotificationTarget } from './notification-target-view.js';

/** Changes what is given; url only on a webhook target, address only on an email one. */
export async function updateNotificationTarget(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  targetId: string;
  changes: UpdateNotificationTargetRequest;
  egressGuard: EgressGuard;
}): Promise<NotificationTarget> {
  const { tx, tenantId, runtime, targetId, changes } = options;
  const before = await lockNotificationTarget(tx, targetId);
  if (changes.url !== undefined && before.kind !== 'webhook')
    throw new RelayError('invalid_request', 'url is for webhook targets; this is an email target (change address)');
  if (changes.address !== undefined && before.kind !== 'email')
    throw new RelayError('invalid_request', 'address is for email targets; this is a webhook target (change url)');
  if (changes.url !== undefined) refuseUnreachableAddress(options.egressGuard, changes.url);
  const target = await tx.notificationTarget.update({
    where: { id: targetId },
    data: {
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.address !== undefined ? { address: changes.address } : {}),
      ...(changes.types !== undefined ? { types: changes.types } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      updatedAt: runtime.now(),
    },
  });
  const change = <K extends keyof UpdateNotificationTargetRequest & keyof NotificationTarget>(key: K) =>
    changes[key] !== undefined ? { [key]: { from: before[key], to: changes[key] } } : {};
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'notification_target.updated',
    target: { type: 'notification_target', id: targetId },
    details: { ...change('url'), ...change('address'), ...change('types'), ...change('description'), ...change('enabled') },
  });
  return target;
}
