import type { TenantTx } from '../prisma.js';

export interface DeletedTenantData {
  events: number;
  deliveries: number;
  endpoints: number;
  destinations: number;
}

/**
 * Deletes the data of the tenant the transaction is set to (prisma/functions/relay_admin_delete_tenant_data.sql),
 * and says how much went.
 */
export async function relayAdminDeleteTenantData(tx: TenantTx, tenantId: string): Promise<DeletedTenantData> {
  const rows = await tx.$queryRaw<Array<Record<keyof DeletedTenantData, bigint>>>`
    SELECT * FROM relay_admin_delete_tenant_data(${tenantId}::uuid)`;
  const row = rows[0];
  return {
    events: Number(row?.events ?? 0),
    deliveries: Number(row?.deliveries ?? 0),
    endpoints: Number(row?.endpoints ?? 0),
    destinations: Number(row?.destinations ?? 0),
  };
}
