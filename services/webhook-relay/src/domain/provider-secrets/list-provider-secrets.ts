import type { ProviderSecret } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { findEndpoint } from '../endpoints/endpoint-view.js';

/** Every secret not removed, expired ones included (marked inactive), newest first. */
export async function listProviderSecrets(options: { tx: TenantTx; endpointId: string }): Promise<ProviderSecret[]> {
  await findEndpoint(options.tx, options.endpointId);
  return options.tx.providerSecret.findMany({ where: { endpointId: options.endpointId, revokedAt: null }, orderBy: { id: 'desc' } });
}
