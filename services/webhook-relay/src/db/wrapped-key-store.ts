import type { WrappedKeyStore } from '../crypto/tenant-keyring.js';
import type { TenantTx } from './prisma.js';
import type { ConnectionPool } from './prisma.js';
import { withTenantSql, type SqlClient } from './tenant-sql.js';

type RunSql = (text: string, values: unknown[]) => Promise<Array<{ master_key_id: string; wrapped_key: Uint8Array }>>;

const READ = 'SELECT master_key_id, wrapped_key FROM tenant_keys WHERE tenant_id = $1::uuid';
const INSERT =
  'INSERT INTO tenant_keys (tenant_id, master_key_id, wrapped_key) VALUES ($1::uuid, $2, $3) ON CONFLICT (tenant_id) DO NOTHING RETURNING master_key_id, wrapped_key';

/** The tenant_keys table, inside a transaction whose tenant is already set, over whichever client runs it. */
function wrappedKeyStoreOver(run: RunSql): WrappedKeyStore {
  const read = async (tenantId: string) => {
    const [row] = await run(READ, [tenantId]);
    return row ? { masterKeyId: row.master_key_id, wrappedKey: Buffer.from(row.wrapped_key) } : null;
  };
  return {
    read,
    async insertIfAbsent(tenantId, row) {
      await run(INSERT, [tenantId, row.masterKeyId, row.wrappedKey]);
      const stored = await read(tenantId);
      if (!stored) throw new Error(`tenant ${tenantId} has no data key after inserting one`);
      return stored;
    },
  };
}

export const wrappedKeyStore = (tx: TenantTx): WrappedKeyStore =>
  wrappedKeyStoreOver((text, values) => tx.$queryRawUnsafe(text, ...values));

export const sqlWrappedKeyStore = (sql: SqlClient): WrappedKeyStore =>
  wrappedKeyStoreOver(async (text, values) => (await sql.query<{ master_key_id: string; wrapped_key: Uint8Array }>(text, values)).rows);

/** The tenant_keys table read in a tenant transaction of its own, for callers outside one (a keyring cache miss). */
export const pooledWrappedKeyStore = (pool: ConnectionPool): WrappedKeyStore => ({
  read: (tenantId) => withTenantSql(pool, tenantId, (sql) => sqlWrappedKeyStore(sql).read(tenantId)),
  insertIfAbsent: (tenantId, row) => withTenantSql(pool, tenantId, (sql) => sqlWrappedKeyStore(sql).insertIfAbsent(tenantId, row)),
});
