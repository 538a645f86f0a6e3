import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { lockEventType } from './event-type-view.js';

/** Removes a tenant's event type: its events keep their type and are no longer checked against a schema. */
export async function deleteEventType(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  eventTypeId: string;
}): Promise<void> {
  const { tx, tenantId, runtime, eventTypeId } = options;
  const before = await lockEventType(tx, eventTypeId);
  await tx.eventTypeSchema.delete({ where: { id: eventTypeId } });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'event_type.deleted',
    target: { type: 'event_type', id: eventTypeId },
    details: { name: before.name },
  });
}
