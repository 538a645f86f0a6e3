import type { TenantTx } from '../prisma.js';

/**
 * Removes every event of a deleted endpoint of the transaction's tenant, with their checks and deliveries
 * (prisma/functions/relay_purge_endpoint_events.sql); says how many events went.
 */
export async function relayPurgeEndpointEvents(tx: TenantTx, endpointId: string): Promise<number> {
  const rows = await tx.$queryRaw<Array<{ events: bigint }>>`SELECT events FROM relay_purge_endpoint_events(${endpointId}::uuid)`;
  return Number(rows[0]?.events ?? 0);
}
