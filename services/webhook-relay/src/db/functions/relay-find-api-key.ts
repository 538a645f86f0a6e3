import type { ConnectionPool } from '../prisma.js';

export interface ApiKeyRow {
  tenant_id: string;
  api_key_id: string;
}

/** The tenant and id of a live API key, by the key's SHA-256; no row when none (prisma/functions/relay_find_api_key.sql). */
export async function relayFindApiKey(pool: ConnectionPool, keyHash: Buffer): Promise<ApiKeyRow[]> {
  const { rows } = await pool.query<ApiKeyRow>({
    name: 'relay-find-api-key',
    text: 'SELECT tenant_id, api_key_id FROM relay_find_api_key($1)',
    values: [keyHash],
  });
  return rows;
}
