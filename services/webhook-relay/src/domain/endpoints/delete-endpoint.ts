import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { findEndpoint } from './endpoint-view.js';

/** Its ingest URL stops answering at once; its captured events stay for the retention window. */
export async function deleteEndpoint(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  endpointId: string;
}): Promise<void> {
  const { tx, tenantId, runtime, endpointId } = options;
  await findEndpoint(tx, endpointId);
  const now = runtime.now();
  await tx.ingestToken.updateMany({ where: { endpointId, revokedAt: null }, data: { revokedAt: now } });
  await tx.endpoint.update({ where: { id: endpointId }, data: { deletedAt: now } });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'endpoint.deleted',
    target: { type: 'endpoint', id: endpointId },
  });
}
