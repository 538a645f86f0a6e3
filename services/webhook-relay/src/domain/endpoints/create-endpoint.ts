import type { EndpointDedup } from '@workspace/contracts';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { dedupColumns } from './dedup-columns.js';
import { findEndpoint, type EndpointWithToken } from './endpoint-view.js';
import { issueIngestToken } from './issue-ingest-token.js';

export interface CreateEndpointOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  name: string;
  provider: string | null;
  dedup: EndpointDedup | null;
}

export async function createEndpoint(options: CreateEndpointOptions): Promise<{ endpoint: EndpointWithToken; token: string }> {
  const { tx, tenantId, runtime } = options;
  const id = runtime.newId();
  const now = runtime.now();
  await tx.endpoint.create({
    data: { id, tenantId, name: options.name, provider: options.provider, ...dedupColumns(options.dedup), createdAt: now, updatedAt: now },
  });
  const token = await issueIngestToken({ tx, tenantId, endpointId: id, runtime, sealed: options.sealed });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'endpoint.created',
    target: { type: 'endpoint', id },
    details: { name: options.name, provider: options.provider, dedup: options.dedup },
  });
  return { endpoint: await findEndpoint(tx, id), token };
}
