import type { ConnectionPool } from '../prisma.js';

export interface UserByIdentityRow {
  tenant_id: string;
  user_id: string;
}

/** A returning user's tenant and id, by the identity provider's issuer and subject (prisma/functions/relay_find_user_by_identity.sql). */
export async function relayFindUserByIdentity(pool: ConnectionPool, issuer: string, subject: string): Promise<UserByIdentityRow[]> {
  const { rows } = await pool.query<UserByIdentityRow>('SELECT tenant_id, user_id FROM relay_find_user_by_identity($1, $2)', [
    issuer,
    subject,
  ]);
  return rows;
}
