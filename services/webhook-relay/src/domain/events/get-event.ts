import type { Event, Payload, EventCheck } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { checkAgainstSchema, type SchemaVerdict, validatorFor } from '../event-types/event-type-schema.js';
import { findEventTypeByName } from '../event-types/event-type-view.js';
import { readableInWindow, type RetentionWindow } from '../retention/retention-window.js';

/** `tokenHint`: the last characters of the ingest token it came in on, to show its path masked. */
export type EventWithPayload = Event & {
  payload: Payload;
  check: EventCheck | null;
  tokenHint: string | null;
  /** Against the tenant's event type of the event's type name, when it has one (docs/event-types.md). */
  schemaCheck: (SchemaVerdict & { eventTypeId: string }) | null;
};

/** An event past the tenant's retention window answers 410 expired, whether the purge has removed it yet or not. */
export async function getEvent(options: { tx: TenantTx; eventId: string; window: RetentionWindow }): Promise<EventWithPayload> {
  const event = readableInWindow(options.window, {
    id: options.eventId,
    what: `event ${options.eventId}`,
    found: await options.tx.event.findUnique({ where: { id: options.eventId }, include: { payload: true, check: true } }),
    eventIdOf: (row) => row.id,
  });
  const token = event.ingestTokenId
    ? await options.tx.ingestToken.findUnique({ where: { id: event.ingestTokenId }, select: { tokenHint: true } })
    : null;
  const eventType = event.eventType ? await findEventTypeByName(options.tx, event.eventType) : null;
  const schemaCheck = eventType
    ? { eventTypeId: eventType.id, ...checkAgainstSchema(validatorFor(eventType), Buffer.from(event.payload.body)) }
    : null;
  return { ...event, tokenHint: token?.tokenHint ?? null, schemaCheck };
}
