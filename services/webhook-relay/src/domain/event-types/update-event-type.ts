import type { UpdateEventTypeRequest } from '@workspace/contracts';
import type { EventTypeSchema } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import type { Runtime } from '../runtime.js';
import { compileEventTypeSchema } from './event-type-schema.js';
import { lockEventType } from './event-type-view.js';

/** Changes the schema (it must compile: 400 otherwise) or the description; events are checked against the new schema from now on. */
export async function updateEventType(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  eventTypeId: string;
  changes: UpdateEventTypeRequest;
}): Promise<EventTypeSchema> {
  const { tx, tenantId, runtime, eventTypeId, changes } = options;
  await lockEventType(tx, eventTypeId);
  if (changes.schema !== undefined) compileEventTypeSchema(changes.schema);
  const updated = await tx.eventTypeSchema.update({
    where: { id: eventTypeId },
    data: {
      ...(changes.schema !== undefined ? { schema: changes.schema as object } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      updatedAt: runtime.now(),
    },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'event_type.updated',
    target: { type: 'event_type', id: eventTypeId },
    details: { name: updated.name, changed: Object.keys(changes) },
  });
  return updated;
}
