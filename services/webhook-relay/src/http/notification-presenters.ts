// Notification rows -> the wire shapes of packages/contracts (webhook-relay/notifications.ts). A target's signing
// secret never passes here: the create answer adds it once.
import type {
  Notification as NotificationBody,
  NotificationState,
  NotificationTarget as NotificationTargetBody,
  NotificationType,
} from '@workspace/contracts';
import type { Notification, NotificationTarget } from '../generated/prisma/client.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentNotificationTarget(target: NotificationTarget): NotificationTargetBody {
  return {
    id: target.id,
    kind: target.kind as NotificationTargetBody['kind'],
    url: target.url,
    address: target.address,
    types: target.types as NotificationType[],
    description: target.description,
    enabled: target.enabled,
    secret_hint: target.secretHint ? `whsec_…${target.secretHint}` : null,
    created_at: target.createdAt.toISOString(),
    updated_at: target.updatedAt.toISOString(),
  };
}

export function presentNotification(notification: Notification): NotificationBody {
  const state = notification.state as NotificationState;
  return {
    id: notification.id,
    target_id: notification.targetId,
    type: notification.type,
    state,
    attempts: notification.attempts,
    next_attempt_at: state === 'pending' ? notification.nextAttemptAt.toISOString() : null,
    last_attempt_at: iso(notification.lastAttemptAt),
    last_status: notification.lastStatus,
    last_error: notification.lastError,
    payload: notification.payload as NotificationBody['payload'],
    created_at: notification.createdAt.toISOString(),
    completed_at: iso(notification.completedAt),
  };
}
