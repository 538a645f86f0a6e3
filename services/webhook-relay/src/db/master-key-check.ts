import type { KeyProvider } from '../crypto/key-provider.js';
import { relayMasterKeyIds } from './functions/relay-master-key-ids.js';
import type { ConnectionPool } from './prisma.js';

/**
 * Refuses to serve when the database holds tenant data keys that no configured master key unwraps
 * (a new RELAY_MASTER_KEY over an old database, a rotation without RELAY_MASTER_KEY_PREVIOUS): every
 * request touching a secret of those tenants would fail. The message names the missing key ids.
 */
export async function assertMasterKeysOpenDataKeys(pool: ConnectionPool, provider: KeyProvider): Promise<void> {
  const rows = await relayMasterKeyIds(pool);
  const missing = rows.filter((row) => !provider.unwraps(row.master_key_id));
  if (missing.length === 0) return;
  const described = missing.map((row) => `${row.master_key_id} (${row.tenants} tenant${row.tenants === '1' ? '' : 's'})`).join(', ');
  throw new Error(
    `this database's data keys were wrapped by master key ${described}, which RELAY_MASTER_KEY / RELAY_MASTER_KEY_PREVIOUS do not include ` +
      `(configured: ${provider.keyId}). Set RELAY_MASTER_KEY (or add to RELAY_MASTER_KEY_PREVIOUS) the key with that fingerprint ` +
      '(the first 16 hex digits of its SHA-256), or point DATABASE_URL at the database this key belongs to',
  );
}
