import type { ConnectionPool } from '../prisma.js';

export interface MasterKeyIdRow {
  /** The fingerprint of a master key that wrapped data keys. */
  master_key_id: string;
  /** How many tenants' data keys it wrapped: a bigint, which pg returns as a string. */
  tenants: string;
}

/** The master keys the tenants' data keys were wrapped with (prisma/functions/relay_master_key_ids.sql). */
export async function relayMasterKeyIds(pool: ConnectionPool): Promise<MasterKeyIdRow[]> {
  const { rows } = await pool.query<MasterKeyIdRow>('SELECT master_key_id, tenants FROM relay_master_key_ids()');
  return rows;
}
