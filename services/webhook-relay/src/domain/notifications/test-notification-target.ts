import { NOTIFICATION_TEST_TYPE } from '@workspace/contracts';
import type { Notification } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import { insertNotifications, notificationPayload, sqlOf } from './enqueue-notification.js';
import { findNotificationTarget } from './notification-target-view.js';

/**
 * Queues a `notification.test` notification for this one target, whatever its types: it goes through the outbox,
 * signing and retries like any other. A target that is turned off is refused (409): nothing is sent to it.
 */
export async function testNotificationTarget(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  targetId: string;
}): Promise<Notification> {
  const { tx, tenantId, runtime, targetId } = options;
  const target = await findNotificationTarget(tx, targetId);
  if (!target.enabled) throw new RelayError('conflict', `notification target ${targetId} is turned off: enable it to test it`);
  const at = runtime.now();
  const id = runtime.newIdAt(at);
  const payload = notificationPayload(NOTIFICATION_TEST_TYPE, at, {
    test: true,
    target_id: target.id,
    message: 'A test notification from webhook-relay: this target receives notifications.',
  });
  await insertNotifications(sqlOf(tx), { tenantId, targetIds: [target.id], ids: [id], payload, at });
  return tx.notification.findUniqueOrThrow({ where: { id } });
}
