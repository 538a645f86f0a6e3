import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { lockEndpoint } from '../endpoints/endpoint-view.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';

/** Stops the secret verifying at once. */
export async function removeProviderSecret(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  endpointId: string;
  secretId: string;
}): Promise<void> {
  const { tx, tenantId, runtime, endpointId, secretId } = options;
  await lockEndpoint(tx, endpointId);
  const removed = await tx.providerSecret.updateMany({
    where: { id: secretId, endpointId, revokedAt: null },
    data: { revokedAt: runtime.now() },
  });
  if (removed.count === 0) throw new RelayError('not_found', `secret ${secretId} not found on endpoint ${endpointId}`);
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'provider_secret.removed',
    target: { type: 'provider_secret', id: secretId },
    details: { endpoint_id: endpointId },
  });
}
