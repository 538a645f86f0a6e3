import type { EventTypeSchema } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { decodeCursor, toPage, type Page, type PageRequest } from '../pagination.js';
import { RelayError } from '../relay-error.js';

export async function findEventType(tx: TenantTx, eventTypeId: string): Promise<EventTypeSchema> {
  const found = await tx.eventTypeSchema.findUnique({ where: { id: eventTypeId } });
  if (!found) throw new RelayError('not_found', `event type ${eventTypeId} not found`);
  return found;
}

/** findEventType for a change: the row is locked to the end of the transaction, so changes take turns. */
export async function lockEventType(tx: TenantTx, eventTypeId: string): Promise<EventTypeSchema> {
  const locked = await tx.$queryRaw<unknown[]>`SELECT 1 FROM event_type_schemas WHERE id = ${eventTypeId}::uuid FOR NO KEY UPDATE`;
  if (locked.length === 0) throw new RelayError('not_found', `event type ${eventTypeId} not found`);
  return findEventType(tx, eventTypeId);
}

/** The tenant's event type of this name, if it has one. */
export function findEventTypeByName(tx: TenantTx, name: string): Promise<EventTypeSchema | null> {
  return tx.eventTypeSchema.findFirst({ where: { name } });
}

/** Newest first. */
export async function listEventTypes(options: { tx: TenantTx; page: PageRequest }): Promise<Page<EventTypeSchema>> {
  const after = decodeCursor(options.page.cursor);
  const rows = await options.tx.eventTypeSchema.findMany({
    where: after ? { id: { lt: after } } : {},
    orderBy: { id: 'desc' },
    take: options.page.limit + 1,
  });
  return toPage(rows, options.page.limit);
}
