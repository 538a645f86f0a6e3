import type { NotificationTarget } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { RelayError } from '../relay-error.js';

export async function findNotificationTarget(tx: TenantTx, targetId: string): Promise<NotificationTarget> {
  const target = await tx.notificationTarget.findUnique({ where: { id: targetId } });
  if (!target) throw new RelayError('not_found', `notification target ${targetId} not found`);
  return target;
}

/** findNotificationTarget for a change: the row is locked to the end of the transaction, so changes take turns. */
export async function lockNotificationTarget(tx: TenantTx, targetId: string): Promise<NotificationTarget> {
  const locked = await tx.$queryRaw<unknown[]>`SELECT 1 FROM notification_targets WHERE id = ${targetId}::uuid FOR NO KEY UPDATE`;
  if (locked.length === 0) throw new RelayError('not_found', `notification target ${targetId} not found`);
  return findNotificationTarget(tx, targetId);
}

/** Newest first. */
export async function listNotificationTargets(options: { tx: TenantTx; page: PageRequest }): Promise<Page<NotificationTarget>> {
  const after = decodeCursor(options.page.cursor);
  const rows = await options.tx.notificationTarget.findMany({
    where: after ? { id: { lt: after } } : {},
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}
