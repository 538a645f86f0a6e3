import type { WrappedKeyStore } from '../crypto/tenant-keyring.js';
import type { TenantTx } from './prisma.js';

/** The tenant_keys table, inside a transaction whose tenant is already set. */
export function wrappedKeyStore(tx: TenantTx): WrappedKeyStore {
  const read = async (tenantId: string) => {
    const row = await tx.tenantKey.findUnique({ where: { tenantId }, select: { masterKeyId: true, wrappedKey: true } });
    return row ? { masterKeyId: row.masterKeyId, wrappedKey: Buffer.from(row.wrappedKey) } : null;
  };
  return {
    read,
    async insertIfAbsent(tenantId, row) {
      await tx.$executeRaw`INSERT INTO tenant_keys (tenant_id, master_key_id, wrapped_key)
        VALUES (${tenantId}::uuid, ${row.masterKeyId}, ${row.wrappedKey}) ON CONFLICT (tenant_id) DO NOTHING`;
      const stored = await read(tenantId);
      if (!stored) throw new Error(`tenant ${tenantId} has no data key after inserting one`);
      return stored;
    },
  };
}
