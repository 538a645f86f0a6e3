import type { TenantTx } from '../../db/prisma.js';
import type { Trigger } from '../../generated/prisma/client.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';

export async function listTriggers(options: { tx: TenantTx; page: PageRequest; endpointId?: string | undefined }): Promise<Page<Trigger>> {
  const { tx, page } = options;
  const after = decodeCursor(page.cursor);
  const rows = await tx.trigger.findMany({
    where: { ...(options.endpointId ? { endpointId: options.endpointId } : {}), ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: 'desc' },
    take: page.limit + 1,
  });
  return toPage(rows, page.limit);
}

/** Deletes a trigger and its cursor; its feed rows stay while another trigger reads the endpoint. */
export async function deleteTrigger(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  triggerId: string;
}): Promise<void> {
  const { tx, triggerId } = options;
  const trigger = await tx.trigger.findUnique({ where: { id: triggerId } });
  if (!trigger) throw new RelayError('not_found', `trigger ${triggerId} not found`);
  // deleteMany: a delete that waited for another one finds nothing left to delete (404, not Prisma's P2025).
  const { count } = await tx.trigger.deleteMany({ where: { id: triggerId } });
  if (count === 0) throw new RelayError('not_found', `trigger ${triggerId} not found`);
  if ((await tx.trigger.count({ where: { endpointId: trigger.endpointId } })) === 0)
    await tx.triggerEvent.deleteMany({ where: { endpointId: trigger.endpointId } });
  await appendAuditEntry({
    tx,
    tenantId: options.tenantId,
    runtime: options.runtime,
    actor: options.actor,
    action: 'trigger.deleted',
    target: { type: 'trigger', id: triggerId },
    details: { endpoint_id: trigger.endpointId, label: trigger.label },
  });
}
