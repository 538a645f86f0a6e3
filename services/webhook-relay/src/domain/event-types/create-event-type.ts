import type { CreateEventTypeRequest } from '@workspace/contracts';
import type { EventTypeSchema } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { appendAuditEntry } from '../audit/append-audit-entry.js';
import { RelayError } from '../relay-error.js';
import type { Runtime } from '../runtime.js';
import { compileEventTypeSchema } from './event-type-schema.js';
import { findEventTypeByName } from './event-type-view.js';

/** Adds a tenant's own event type; its schema must compile (400 otherwise) and its name be new (409). */
export async function createEventType(options: {
  tx: TenantTx;
  tenantId: string;
  runtime: Runtime;
  actor: string;
  input: CreateEventTypeRequest;
}): Promise<EventTypeSchema> {
  const { tx, tenantId, runtime, input } = options;
  compileEventTypeSchema(input.schema);
  const existing = await findEventTypeByName(tx, input.name);
  if (existing) throw new RelayError('conflict', `an event type named ${input.name} already exists (${existing.id})`);
  const now = runtime.now();
  const created = await tx.eventTypeSchema.create({
    data: {
      id: runtime.newId(),
      tenantId,
      name: input.name,
      description: input.description ?? null,
      schema: input.schema as object,
      createdAt: now,
      updatedAt: now,
    },
  });
  await appendAuditEntry({
    tx,
    tenantId,
    runtime,
    actor: options.actor,
    action: 'event_type.created',
    target: { type: 'event_type', id: created.id },
    details: { name: created.name },
  });
  return created;
}
