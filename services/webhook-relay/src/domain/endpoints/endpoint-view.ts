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
