import type { EndpointDedup } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { dedupColumns } from './dedup-columns.js';
import { findEndpoint, lockEndpoint, type EndpointWithToken } from './endpoint-view.js';

export interface UpdateEndpointOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  endpointId: string;
  changes: { name?: string; provider?: string | null; dedup?: EndpointDedup | null };
}

/** Rename, or change the provider that verifies it; audited with the values before and after. */
export async function updateEndpoint(options: UpdateEndpointOptions): Promise<EndpointWithToken> {
  const { tx, tenantId, runtime, endpointId, changes } = options;
  const before = await lockEndpoint(tx, endpointId);
  const { dedup, ...columns } = changes;
  await tx.endpoint.update({
    where: { id: endpointId },
    data: { ...columns, ...(dedup !== undefined ? dedupColumns(dedup) : {}), updatedAt: runtime.now() },
  });
  const onlyName = changes.provider === undefined && dedup === undefined;
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: onlyName ? 'endpoint.renamed' : 'endpoint.updated',
    target: { type: 'endpoint', id: endpointId },
    details: {
      ...(changes.name !== undefined ? { name: { from: before.name, to: changes.name } } : {}),
      ...(changes.provider !== undefined ? { provider: { from: before.provider, to: changes.provider } } : {}),
      ...(dedup !== undefined ? { dedup: { from: before.dedupStrategy, to: dedup?.strategy ?? null } } : {}),
    },
  });
  return findEndpoint(tx, endpointId);
}
