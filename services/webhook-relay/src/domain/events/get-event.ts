import type { Event, Payload } from '../../generated/prisma/client.js';
import type { TenantTx } from '../../db/prisma.js';
import { RelayError } from '../relay-error.js';

export type EventWithPayload = Event & { payload: Payload };

export async function getEvent(options: { tx: TenantTx; eventId: string }): Promise<EventWithPayload> {
  const event = await options.tx.event.findUnique({ where: { id: options.eventId }, include: { payload: true } });
  if (!event) throw new RelayError('not_found', `event ${options.eventId} not found`);
  return event;
}
