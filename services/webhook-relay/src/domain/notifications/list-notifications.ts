import type { ListNotificationsQuery } from '@workspace/contracts';
import type { Notification } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page } from '../pagination.js';

/** Newest first, optionally of one target or in one state. */
export async function listNotifications(options: { tx: TenantTx; query: ListNotificationsQuery }): Promise<Page<Notification>> {
  const { query } = options;
  const after = decodeCursor(query.cursor);
  const rows = await options.tx.notification.findMany({
    where: {
      ...(after ? { id: { lt: after } } : {}),
      ...(query.target_id ? { targetId: query.target_id } : {}),
      ...(query.state ? { state: query.state } : {}),
    },
    orderBy: { id: 'desc' },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit);
}
