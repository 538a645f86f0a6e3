import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import type { SealedValues } from '../sealed-values.js';
import { lockEndpoint } from './endpoint-view.js';
import { ingestUrl } from './ingest-token.js';
import { issueIngestToken } from './issue-ingest-token.js';

export interface RotateIngestTokenOptions {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  sealed: SealedValues;
  actor: string;
  ingestBase: string;
  endpointId: string;
}

/** In place: same endpoint, new token; the old URL answers 404 from the moment this commits. */
export async function rotateIngestToken(options: RotateIngestTokenOptions): Promise<string> {
  const { tx, tenantId, runtime, endpointId } = options;
  await lockEndpoint(tx, endpointId);
  await tx.ingestToken.updateMany({ where: { endpointId, revokedAt: null }, data: { revokedAt: runtime.now() } });
  const token = await issueIngestToken({ tx, tenantId, endpointId, runtime, sealed: options.sealed });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'endpoint.token_rotated',
    target: { type: 'endpoint', id: endpointId },
  });
  return ingestUrl(options.ingestBase, token);
}
