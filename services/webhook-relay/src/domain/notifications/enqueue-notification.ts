import type { TenantTx } from '../../db/prisma.js';
import type { SqlClient } from '../../db/tenant-sql.js';

// The types a target may take are the contract's (packages/contracts, notifications.ts).
export { NOTIFICATION_TYPES, type NotificationType } from '@workspace/contracts';
import type { NotificationType } from '@workspace/contracts';

/** The body every notification carries (docs/notifications.md#payloads). */
export interface NotificationPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

export const notificationPayload = (type: string, at: Date, data: Record<string, unknown>): NotificationPayload => ({
  type,
  timestamp: at.toISOString(),
  data,
});

/**
 * In the caller's tenant transaction (app.tenant_id set): one pending notification per enabled target of the tenant
 * that takes `type`; nothing when the tenant has none. The notifier in the worker processes sends them after the
 * commit (at least once, retried). Returns how many were queued.
 *
 * Never call this about a notification target or a notification: their failures open no issue and notify nobody,
 * so notifications cannot loop (docs/notifications.md#never-a-loop).
 */
export async function enqueueNotification(
  sql: SqlClient,
  input: { tenantId: string; type: NotificationType; data: Record<string, unknown>; at: Date; newId: (at: Date) => string },
): Promise<number> {
  const { rows } = await sql.query<{ id: string }>(
    'SELECT id FROM notification_targets WHERE tenant_id = $1::uuid AND enabled AND $2 = ANY (types) ORDER BY id',
    [input.tenantId, input.type],
  );
  if (rows.length === 0) return 0;
  await insertNotifications(sql, {
    tenantId: input.tenantId,
    targetIds: rows.map((row) => row.id),
    ids: rows.map(() => input.newId(input.at)),
    payload: notificationPayload(input.type, input.at, input.data),
    at: input.at,
  });
  return rows.length;
}

/** Pending notifications of one payload, one per target (also the test notification of one target). */
export async function insertNotifications(
  sql: SqlClient,
  input: { tenantId: string; targetIds: string[]; ids: string[]; payload: NotificationPayload; at: Date },
): Promise<void> {
  await sql.query(
    `INSERT INTO notifications (id, tenant_id, target_id, type, payload, state, attempts, next_attempt_at, created_at)
     SELECT n.id, $1::uuid, n.target_id, $4, $5::json, 'pending', 0, $6, $6
       FROM unnest($2::uuid[], $3::uuid[]) AS n(id, target_id)`,
    [input.tenantId, input.ids, input.targetIds, input.payload.type, JSON.stringify(input.payload), input.at],
  );
}

/**
 * A SqlClient over a Prisma tenant transaction, so a caller holding a TenantTx can enqueue in it. Only the
 * `text, values` form of query is supported.
 */
export function sqlOf(tx: TenantTx): SqlClient {
  return {
    query: (async (text: string, values?: unknown[]) => {
      const rows = await tx.$queryRawUnsafe<unknown[]>(text, ...(values ?? []));
      return { rows, rowCount: rows.length, command: '', oid: 0, fields: [] };
    }) as unknown as SqlClient['query'],
  };
}
