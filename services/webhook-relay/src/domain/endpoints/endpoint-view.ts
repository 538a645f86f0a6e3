import type { Endpoint, IngestToken } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';

export type EndpointWithToken = Endpoint & { tokens: IngestToken[] };

/** The endpoint with its one current token; deleted endpoints do not exist for the API. */
export async function findEndpoint(tx: TenantTx, endpointId: string): Promise<EndpointWithToken> {
  const endpoint = await tx.endpoint.findFirst({
    where: { id: endpointId, deletedAt: null },
    include: { tokens: { where: { revokedAt: null }, orderBy: { id: 'desc' }, take: 1 } },
  });
  if (!endpoint) throw new RelayError('not_found', `endpoint ${endpointId} not found`);
  return endpoint;
}

/**
 * findEndpoint for a change: the row is locked first (FOR NO KEY UPDATE, to the end of the transaction), so changes
 * of one endpoint take turns, and one that waited for a delete finds the endpoint gone (404) instead of changing a
 * deleted one. `share` is for a change that only refers to it (a subscription): it waits for a delete, not for others.
 */
export async function lockEndpoint(tx: TenantTx, endpointId: string, mode: 'update' | 'share' = 'update'): Promise<EndpointWithToken> {
  const locked =
    mode === 'update'
      ? await tx.$queryRaw<unknown[]>`SELECT 1 FROM endpoints WHERE id = ${endpointId}::uuid AND deleted_at IS NULL FOR NO KEY UPDATE`
      : await tx.$queryRaw<unknown[]>`SELECT 1 FROM endpoints WHERE id = ${endpointId}::uuid AND deleted_at IS NULL FOR SHARE`;
  if (locked.length === 0) throw new RelayError('not_found', `endpoint ${endpointId} not found`);
  return findEndpoint(tx, endpointId);
}
