import type { ConnectionPool } from '../prisma.js';

export interface ClaimedNotificationRow {
  tenant_id: string;
  notification_id: string;
  /** The claim's token: the outcome is recorded only with it (a claim whose lease ran out records nothing). */
  claim_token: string;
}

/**
 * Leases up to `limit` due pending notifications of any tenant until `now` + `leaseMs`
 * (prisma/functions/relay_claim_notifications.sql): two claims at once never take the same row.
 */
export async function relayClaimNotifications(
  pool: ConnectionPool,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<ClaimedNotificationRow[]> {
  const { rows } = await pool.query<ClaimedNotificationRow>('SELECT * FROM relay_claim_notifications($1, $2, $3)', [now, limit, leaseMs]);
  return rows;
}
